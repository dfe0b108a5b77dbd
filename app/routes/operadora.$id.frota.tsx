import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { addVehicle, assignDriver, listFleet, removeVehicle, unassignDriver } from "~/models/fleet.server";
import { fleetQuota } from "~/models/fleet-checks.server";
import { activeDriversOf } from "~/models/driver-standing.server";
import { activePack } from "~/models/rule-pack.server";
import { operatorCategory } from "~/models/operator.server";
import { controlNumberRule, vehicleSharing } from "~/models/operator-policy.server";
import { REGISTRATION_CATEGORIES, rulesFor } from "~/domain/rule-packs";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatPlate } from "~/domain/br";
import { zVehicle } from "~/forms/operator";
import { constraintsOf } from "~/forms/constraints";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import styles from "~/components/operator/operator.css";
import { useFormResult } from "~/components/ui/form-result";
import { formatCount, formatDate } from "~/domain/format";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";

const OWNER: Record<string, string> = {
  OPERATOR: "a empresa",
  OTHER_COMPANY: "outra empresa",
  HOLDER: "o condutor",
  OTHER_PERSON: "outra pessoa",
};
const VISTORIA: Record<string, string> = {
  SCHEDULED: "agendada",
  PASSED: "aprovada",
  FAILED: "reprovada",
  CONDITIONAL: "aprovada com prazo para reparos",
};

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:vehicle");
  const pack = await activePack(operator.municipality);
  const category = (await operatorCategory(operator.id)) ?? pack.categories[0].code;
  const [fleet, drivers, quota] = await Promise.all([
    listFleet(operator.id),
    activeDriversOf(operator.id),
    fleetQuota(pack, category, operator.municipality),
  ]);
  const ownership = rulesFor(pack.vehicleRules, category, "VINCULADO").find((r) => r.kind === "OWNERSHIP");
  const sharing = vehicleSharing(pack, category);
  return {
    frame: frameOf(operator),
    vehicles: fleet.map((v) => ({
      id: v.id,
      plate: formatPlate(v.plate),
      description: [v.make, v.model, v.colour].filter(Boolean).join(" "),
      years: [v.manufactureYear, v.modelYear].filter(Boolean).join("/"),
      owner: `${v.ownerName ?? "—"} (${OWNER[v.ownerKind ?? ""] ?? "—"})${v.leased ? " · locado" : ""}`,
      controlNumber: v.controlNumber,
      drivers: v.drivers.map((d) => ({ id: d.id, name: d.person.fullName })),
      vistoria: v.vistoria
        ? `${VISTORIA[v.vistoria.status] ?? v.vistoria.status}${v.vistoria.validUntil ? `, válida até ${formatDate(v.vistoria.validUntil)}` : ""}`
        : "sem vistoria",
      seal: v.seal
        ? {
            serial: v.seal.serial,
            verdict: VERDICT_LABELS[v.seal.verdict].label,
            ok: v.seal.verdict === "VALID",
            validUntil: formatDate(v.seal.validUntil),
          }
        : null,
    })),
    drivers: drivers.map((l) => ({ value: l.id, label: l.person?.fullName ?? l.invitedCpf })),
    control: controlNumberRule(pack),
    quota,
    ownership:
      ownership && ownership.kind === "OWNERSHIP"
        ? {
            allowed: ownership.allowed.map((k) => OWNER[k]).join(" ou "),
            leased: ownership.allowedWhenLeased.map((k) => OWNER[k]).join(" ou "),
            citation: ownership.citation,
          }
        : null,
    sharing: {
      max: sharing.maxDriversPerVehicle,
      additional: sharing.additionalDriverCitation,
      oneVehicle: sharing.oneVehiclePerDriver?.citation ?? null,
    },
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "update:vehicle");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = (ok: string) => redirect(`/operadora/${operator.id}/frota?ok=${ok}`);
  try {
    if (intent === "remover")
      return (await removeVehicle(operator, String(form.get("vehicleId")), actor), back("removido"));
    if (intent === "atribuir")
      return (
        await assignDriver(operator, String(form.get("vehicleId")), String(form.get("linkId") ?? ""), actor),
        back("atribuido")
      );
    if (intent === "retirar")
      return (
        await unassignDriver(operator, String(form.get("vehicleId")), String(form.get("vehicleDriverId")), actor),
        back("retirado")
      );
    const parsed = parseForm(zVehicle, form);
    if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
    // The field is not called "ownerDocument": a form control of that name shadows form.ownerDocument.
    const { ownerTaxId, ...vehicle } = parsed.data;
    await addVehicle(operator, { ...vehicle, ownerDocument: ownerTaxId }, actor);
    return back("incluido");
  } catch (e) {
    // A refused vehicle keeps what was typed in the form.
    return refusedForm(e, intent ? {} : { values: formValues(form) });
  }
});

const OK: Record<string, string> = {
  incluido: "Veículo incluído na frota.",
  removido: "Veículo retirado da frota.",
  atribuido: "Condutor incluído no veículo.",
  retirado: "Condutor retirado do veículo.",
};

const LIMITS = constraintsOf(zVehicle);

export default function OperatorFleet() {
  const d = useLoaderData<typeof loader>();
  const { errors, values: v, flash } = useFormResult(OK);
  return (
    <OperatorFrame operator={d.frame} current="frota" title="Frota">
      <Flash {...flash} />
      {d.quota.map((q) => (
        <p key={q.citation} className={`aviso ${q.status === "FAIL" ? "erro" : ""}`}>
          Cota de motocicletas do município: {q.inForce} de {q.limit} ({q.citation}).
        </p>
      ))}
      <section className="cartao" aria-labelledby="veiculos">
        <h2 id="veiculos">Veículos</h2>
        <p className="dica">
          {d.sharing.max === null
            ? "A lei não limita o número de condutores por veículo"
            : `No máximo ${formatCount(d.sharing.max, "condutor", "condutores")} por veículo`}
          {d.sharing.additional ? ` (condutor adicional: ${d.sharing.additional})` : ""}.
          {d.sharing.oneVehicle ? ` Cada condutor dirige um só veículo (${d.sharing.oneVehicle}).` : ""}
        </p>
        {d.vehicles.length === 0 ? (
          <p>Nenhum veículo na frota.</p>
        ) : (
          <ul className="op-lista">
            {d.vehicles.map((veh) => (
              <li key={veh.id}>
                <h3 style={{ fontSize: "1.05rem", margin: 0 }}>
                  {veh.controlNumber ? `Nº ${veh.controlNumber} — ` : ""}
                  {veh.plate}
                </h3>
                <p className="dica">
                  {[veh.description, veh.years].filter(Boolean).join(", ")} · proprietário: {veh.owner}
                </p>
                <p>
                  Vistoria: {veh.vistoria} · Selo:{" "}
                  {veh.seal ? (
                    <span className={`selo ${veh.seal.ok ? "ok" : "falha"}`}>
                      {veh.seal.serial} — {veh.seal.verdict}
                    </span>
                  ) : (
                    "sem selo"
                  )}
                </p>
                <p>Condutores: {veh.drivers.length === 0 ? "nenhum" : null}</p>
                {veh.drivers.length ? (
                  <ul>
                    {veh.drivers.map((dr) => (
                      <li key={dr.id}>
                        {dr.name}{" "}
                        <Form method="post" style={{ display: "inline" }}>
                          <CsrfInput />
                          <input type="hidden" name="vehicleId" value={veh.id} />
                          <input type="hidden" name="vehicleDriverId" value={dr.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="retirar"
                            className="link-botao"
                            aria-label={`Retirar ${dr.name} do veículo ${veh.plate}`}
                          >
                            retirar
                          </button>
                        </Form>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="acoes">
                  {d.drivers.length ? (
                    <Form method="post" className="acoes" style={{ marginTop: 0 }}>
                      <CsrfInput />
                      <input type="hidden" name="vehicleId" value={veh.id} />
                      <div className="campo" style={{ margin: 0 }}>
                        <label htmlFor={`condutor-${veh.id}`}>Incluir condutor em {veh.plate}</label>
                        <select id={`condutor-${veh.id}`} name="linkId" defaultValue="">
                          <option value="">Escolha…</option>
                          {d.drivers.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      </div>
                      <button type="submit" name="intent" value="atribuir" className="botao secundario pequeno">
                        Incluir
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="vehicleId" value={veh.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remover"
                      className="botao secundario perigo pequeno"
                      aria-label={`Retirar ${veh.plate} da frota`}
                    >
                      Retirar da frota
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cartao" aria-labelledby="incluir">
        <h2 id="incluir">Incluir veículo</h2>
        {d.ownership ? (
          <p className="dica">
            Proprietário: {d.ownership.allowed}
            {d.ownership.leased ? `; ${d.ownership.leased} só com contrato de locação` : ""} ({d.ownership.citation}).
          </p>
        ) : null}
        <Form method="post" noValidate>
          <CsrfInput />
          <div className="colunas">
            <Field label="Placa" name="plate" defaultValue={v.plate} error={errors.plate} constraint={LIMITS.plate} />
            <Field
              label="RENAVAM (opcional)"
              name="renavam"
              defaultValue={v.renavam}
              error={errors.renavam}
              constraint={LIMITS.renavam}
            />
            {d.control ? (
              <Field
                label="Número de controle na empresa"
                name="controlNumber"
                defaultValue={v.controlNumber}
                error={errors.controlNumber}
                hint={d.control.citation}
                constraint={LIMITS.controlNumber}
              />
            ) : null}
          </div>
          <div className="colunas">
            <Field label="Marca" name="make" defaultValue={v.make} error={errors.make} constraint={LIMITS.make} />
            <Field label="Modelo" name="model" defaultValue={v.model} error={errors.model} constraint={LIMITS.model} />
            <Field label="Cor" name="colour" defaultValue={v.colour} error={errors.colour} constraint={LIMITS.colour} />
          </div>
          <div className="colunas">
            <Field
              label="Ano de fabricação"
              name="manufactureYear"
              defaultValue={v.manufactureYear}
              error={errors.manufactureYear}
              constraint={LIMITS.manufactureYear}
            />
            <Field
              label="Ano do modelo"
              name="modelYear"
              defaultValue={v.modelYear}
              error={errors.modelYear}
              constraint={LIMITS.modelYear}
            />
            <Field
              label="Data do primeiro emplacamento"
              name="firstRegistrationDate"
              type="date"
              defaultValue={v.firstRegistrationDate}
              error={errors.firstRegistrationDate}
              constraint={LIMITS.firstRegistrationDate}
            />
          </div>
          <div className="colunas">
            <Field
              label="Cilindrada (cc)"
              name="displacementCc"
              defaultValue={v.displacementCc}
              error={errors.displacementCc}
              constraint={LIMITS.displacementCc}
            />
            <Field label="Portas" name="doors" defaultValue={v.doors} error={errors.doors} constraint={LIMITS.doors} />
            <Field
              label="Lugares para passageiros"
              name="passengerSeats"
              defaultValue={v.passengerSeats}
              error={errors.passengerSeats}
              constraint={LIMITS.passengerSeats}
            />
          </div>
          <SelectField
            label="Categoria do registro"
            name="registrationCategory"
            defaultValue={v.registrationCategory}
            error={errors.registrationCategory}
            options={REGISTRATION_CATEGORIES.map((c) => ({ value: c, label: c }))}
            constraint={LIMITS.registrationCategory}
          />
          <YesNo
            legend="O veículo é licenciado no município?"
            name="licensedInMunicipality"
            value={v.licensedInMunicipality}
          />
          <YesNo legend="O licenciamento está em dia?" name="licensingUpToDate" value={v.licensingUpToDate} />
          <fieldset>
            <legend>Proprietário (como no CRLV)</legend>
            <div className="colunas">
              <Field
                label="CPF ou CNPJ do proprietário"
                name="ownerTaxId"
                defaultValue={v.ownerTaxId}
                error={errors.ownerTaxId}
                constraint={LIMITS.ownerTaxId}
              />
              <Field
                label="Nome do proprietário"
                name="ownerName"
                defaultValue={v.ownerName}
                error={errors.ownerName}
                constraint={LIMITS.ownerName}
              />
            </div>
            <div className="campo opcoes">
              <label>
                <input type="checkbox" name="leased" value="sim" defaultChecked={v.leased === "sim"} /> Veículo locado
                (há contrato de locação)
              </label>
            </div>
          </fieldset>
          <SubmitButton busyText="Incluindo…">Incluir na frota</SubmitButton>
        </Form>
      </section>
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Frota — Portal de Credenciamento" }];
