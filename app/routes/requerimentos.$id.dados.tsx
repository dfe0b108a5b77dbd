import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { actorOf } from "~/utils/permissions.server";
import { readForm } from "~/utils/csrf.server";
import { formValues } from "~/utils/forms";
import { loadOwnApplication, openItems, wizardSteps } from "~/models/driver-wizard.server";
import { assertEditable } from "~/models/application.server";
import { personFormValues, savePerson } from "~/models/person.server";
import { zPersonForm, CNH_LABELS, PERMISSION_LABELS } from "~/domain/applications/person-form";
import { BLOOD_TYPES, CNH_CATEGORIES, type RulePack } from "~/domain/rule-packs";
import type { ApplicationStatus } from "~/domain/applications/status";
import { WizardFrame } from "~/components/driver/wizard-frame";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";

/** Which optional questions this pack asks (so other cities' drivers are not bothered). */
function asks(pack: RulePack) {
  return {
    bloodType: Boolean(pack.identificationCard?.cards.some((c) => c.fields.some((f) => f.field === "BLOOD_TYPE"))),
    permissions: pack.personRules.flatMap((r) => (r.kind === "INCOMPATIBLE_PERMISSIONS" ? r.permissions : [])),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, pack, result } = await loadOwnApplication(request, params.id);
  return {
    app: { id: app.id, number: app.number, status: app.status, municipality: app.municipality.name },
    values: personFormValues(app.person!, pack.municipality.ibge),
    asks: asks(pack),
    steps: wizardSteps(result, true),
    open: openItems(result),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, app, pack } = await loadOwnApplication(request, params.id, "update:application");
  assertEditable(app.status as ApplicationStatus);
  const form = await readForm(request);
  const input = { ...formValues(form), heldPermissions: form.getAll("heldPermissions").map(String) };
  const parsed = zPersonForm.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data({ errors, values: input }, { status: 400 });
  }
  await savePerson(app.person!.id, parsed.data, pack.municipality.ibge, actorOf(user, request), app.municipalityId);
  const next = form.get("depois") === "sair" ? `/requerimentos/${app.id}` : `/requerimentos/${app.id}/veiculo`;
  return redirect(next);
}

export default function PersonalData() {
  const { app, values: saved, asks, steps, open } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const v = (result?.values ?? saved) as Record<string, string | string[]>;
  const s = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : "");
  const held = Array.isArray(v.heldPermissions) ? v.heldPermissions : [];
  return (
    <WizardFrame appId={app.id} number={app.number} title="Dados pessoais" steps={steps} current="dados" open={open}>
      {result?.errors ? <div className="aviso erro" role="alert">Corrija os campos indicados. Nada do que você digitou foi perdido.</div> : null}
      <Form method="post" noValidate className="cartao">
        <CsrfInput />
        <Field label="Nome completo" name="fullName" autoComplete="name" defaultValue={s("fullName")} error={errors.fullName} />
        <div className="colunas">
          <Field label="Data de nascimento" name="birthDate" type="date" defaultValue={s("birthDate")} error={errors.birthDate} />
          <Field label="Telefone (com DDD)" name="phone" type="tel" autoComplete="tel" defaultValue={s("phone")} error={errors.phone} />
        </div>
        <div className="colunas">
          <Field label="RG" name="rgNumber" defaultValue={s("rgNumber")} error={errors.rgNumber} />
          <Field label="Órgão emissor" name="rgIssuer" defaultValue={s("rgIssuer")} error={errors.rgIssuer} hint="Ex.: SSP/MG" />
        </div>
        <fieldset>
          <legend>Carteira de habilitação (CNH)</legend>
          <div className="colunas">
            <Field label="Número de registro da CNH" name="cnhNumber" inputMode="numeric" defaultValue={s("cnhNumber")} error={errors.cnhNumber} />
            <SelectField label="Categoria da CNH" name="cnhCategory" defaultValue={s("cnhCategory")} error={errors.cnhCategory} options={CNH_CATEGORIES.map((c) => ({ value: c, label: CNH_LABELS[c] }))} />
          </div>
          <Field label="Data da primeira habilitação nesta categoria" name="cnhFirstLicenseDate" type="date" defaultValue={s("cnhFirstLicenseDate")} error={errors.cnhFirstLicenseDate} hint="Está impressa na CNH, ao lado da categoria." />
          <YesNo legend="A CNH tem a observação EAR (exerce atividade remunerada)?" name="cnhEar" value={s("cnhEar")} error={errors.cnhEar} />
        </fieldset>
        <fieldset>
          <legend>Endereço</legend>
          <div className="colunas">
            <Field label="CEP" name="cep" inputMode="numeric" autoComplete="postal-code" defaultValue={s("cep")} error={errors.cep} />
            <Field label="Cidade" name="city" autoComplete="address-level2" defaultValue={s("city")} error={errors.city} />
            <Field label="UF" name="uf" maxLength={2} autoComplete="address-level1" defaultValue={s("uf")} error={errors.uf} />
          </div>
          <Field label="Logradouro" name="street" autoComplete="address-line1" defaultValue={s("street")} error={errors.street} />
          <div className="colunas">
            <Field label="Número" name="addressNumber" defaultValue={s("addressNumber")} error={errors.addressNumber} />
            <Field label="Complemento" name="complement" defaultValue={s("complement")} error={errors.complement} />
            <Field label="Bairro" name="district" defaultValue={s("district")} error={errors.district} />
          </div>
          <YesNo legend={`Você mora em ${app.municipality}?`} name="livesInMunicipality" value={s("livesInMunicipality")} error={errors.livesInMunicipality} />
        </fieldset>
        {asks.bloodType ? (
          <SelectField label="Tipo sanguíneo" name="bloodType" defaultValue={s("bloodType")} error={errors.bloodType} hint="A lei do município pede que ele conste do cartão de identificação." options={BLOOD_TYPES.map((b) => ({ value: b, label: b }))} />
        ) : null}
        {asks.permissions.length ? (
          <fieldset>
            <legend>Você tem alguma destas permissões no município?</legend>
            <div className="opcoes">
              {asks.permissions.map((p) => (
                <label key={p}><input type="checkbox" name="heldPermissions" value={p} defaultChecked={held.includes(p)} /> {PERMISSION_LABELS[p] ?? p}</label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="acoes">
          <SubmitButton busyText="Salvando…">Salvar e continuar</SubmitButton>
          <button type="submit" name="depois" value="sair" className="botao secundario">Salvar e sair</button>
        </div>
      </Form>
    </WizardFrame>
  );
}

export const meta: MetaFunction = () => [{ title: "Dados pessoais — Portal de Credenciamento" }];
