import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/utils/csrf.server";
import { formValues } from "~/utils/forms";
import { loadOwnApplication, openItems, wizardSteps } from "~/models/driver-wizard.server";
import { saveVehicleDraft } from "~/models/application.server";
import { parseDraft, zVehicleDraft } from "~/domain/applications/draft";
import { OWNER_KINDS, REGISTRATION_CATEGORIES } from "~/domain/rule-packs";
import { WizardFrame } from "~/components/driver/wizard-frame";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";

const OWNER_LABELS: Record<string, string> = {
  HOLDER: "Eu (ou o titular, se sou preposto)", OTHER_PERSON: "Outra pessoa", OPERATOR: "A empresa em que trabalho", OTHER_COMPANY: "Outra empresa (locadora)",
};
const REGISTRATION_LABELS: Record<string, string> = {
  PARTICULAR: "Particular", ALUGUEL: "Aluguel (placa vermelha)", OFICIAL: "Oficial", APRENDIZAGEM: "Aprendizagem", DIPLOMATICO: "Diplomático",
};

const yn = (b: boolean | undefined) => (b === undefined ? "" : b ? "sim" : "nao");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, pack, result } = await loadOwnApplication(request, params.id);
  const v = parseDraft(app.draftJson).vehicle;
  const isCar = app.category === "APLICATIVO";
  return {
    app: { id: app.id, number: app.number, municipality: app.municipality.name },
    isCar,
    asksControlNumber: Boolean(pack.identificationCard?.cards.some((c) => c.fields.some((f) => f.field === "VEHICLE_CONTROL_NUMBER"))),
    values: {
      ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === "boolean" ? yn(x) : x === undefined ? "" : String(x)])),
    } as Record<string, string>,
    steps: wizardSteps(result, true),
    open: openItems(result),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { app } = await loadOwnApplication(request, params.id, "update:application");
  const form = await readForm(request);
  const values = formValues(form);
  const parsed = zVehicleDraft.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data({ errors, values }, { status: 400 });
  }
  await saveVehicleDraft(app, parsed.data);
  return redirect(form.get("depois") === "sair" ? `/requerimentos/${app.id}` : `/requerimentos/${app.id}/documentos`);
}

export default function Vehicle() {
  const { app, isCar, asksControlNumber, values: saved, steps, open } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const v: Record<string, string> = result?.values ?? saved;
  return (
    <WizardFrame appId={app.id} number={app.number} title="Veículo" steps={steps} current="veiculo" open={open}>
      {result?.errors ? <div className="aviso erro" role="alert">Corrija os campos indicados. Nada do que você digitou foi perdido.</div> : null}
      <Form method="post" noValidate className="cartao">
        <CsrfInput />
        <p className="dica">Os dados estão no documento do veículo (CRLV).</p>
        <div className="colunas">
          <Field label="Placa" name="plate" autoCapitalize="characters" defaultValue={v.plate} error={errors.plate} hint="ABC-1234 ou ABC1D23" />
          <Field label="RENAVAM" name="renavam" inputMode="numeric" defaultValue={v.renavam} error={errors.renavam} />
        </div>
        <div className="colunas">
          <Field label="Marca" name="make" defaultValue={v.make} error={errors.make} />
          <Field label="Modelo" name="model" defaultValue={v.model} error={errors.model} />
          <Field label="Cor" name="colour" defaultValue={v.colour} error={errors.colour} />
        </div>
        <div className="colunas">
          <Field label="Ano de fabricação" name="manufactureYear" inputMode="numeric" defaultValue={v.manufactureYear} error={errors.manufactureYear} />
          <Field label="Data do primeiro emplacamento" name="firstRegistrationDate" type="date" defaultValue={v.firstRegistrationDate} error={errors.firstRegistrationDate} />
        </div>
        {isCar ? (
          <div className="colunas">
            <Field label="Número de portas" name="doors" inputMode="numeric" defaultValue={v.doors} error={errors.doors} />
            <Field label="Lugares para passageiros (sem contar o motorista)" name="passengerSeats" inputMode="numeric" defaultValue={v.passengerSeats} error={errors.passengerSeats} />
          </div>
        ) : (
          <Field label="Cilindrada (cc)" name="displacementCc" inputMode="numeric" defaultValue={v.displacementCc} error={errors.displacementCc} />
        )}
        <SelectField label="Categoria do registro" name="registrationCategory" defaultValue={v.registrationCategory} error={errors.registrationCategory} options={REGISTRATION_CATEGORIES.map((c) => ({ value: c, label: REGISTRATION_LABELS[c] }))} />
        <YesNo legend={`O veículo está licenciado em ${app.municipality}?`} name="licensedInMunicipality" value={v.licensedInMunicipality} error={errors.licensedInMunicipality} />
        <YesNo legend="O licenciamento está em dia?" name="licensingUpToDate" value={v.licensingUpToDate} />
        <SelectField label="Quem é o proprietário?" name="ownerKind" defaultValue={v.ownerKind} error={errors.ownerKind} options={OWNER_KINDS.map((o) => ({ value: o, label: OWNER_LABELS[o] }))} />
        <Field label="Nome do proprietário (como no CRLV)" name="ownerName" defaultValue={v.ownerName} error={errors.ownerName} />
        <YesNo legend="O veículo é alugado (contrato de locação)?" name="leased" value={v.leased} />
        {isCar ? null : <YesNo legend="O veículo também é usado para transportar cargas?" name="usedForCargo" value={v.usedForCargo} />}
        <YesNo legend="O veículo transporta passageiros?" name="usedForPassengers" value={v.usedForPassengers} />
        {asksControlNumber ? <Field label="Número de controle da moto na empresa" name="controlNumber" defaultValue={v.controlNumber} error={errors.controlNumber} /> : null}
        <div className="acoes">
          <SubmitButton busyText="Salvando…">Salvar e continuar</SubmitButton>
          <button type="submit" name="depois" value="sair" className="botao secundario">Salvar e sair</button>
        </div>
      </Form>
    </WizardFrame>
  );
}

export const meta: MetaFunction = () => [{ title: "Veículo — Portal de Credenciamento" }];
