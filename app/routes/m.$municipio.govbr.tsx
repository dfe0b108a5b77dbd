import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { requireStaff } from "~/http/staff-guard.server";
import { requirePolicyChangeTrustLevel } from "~/http/govbr.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { parseForm } from "~/utils/forms";
import { govbrEnabled } from "~/utils/oidc.server";
import { zGovbrPolicy } from "~/forms/back-office";
import { govbrPolicy, setGovbrPolicy } from "~/models/govbr-policy.server";
import { parseTrustLevel, TRUST_LEVELS, TRUST_LEVEL_LABEL } from "~/domain/auth/trust-level";
import { invalid } from "~/domain/refusal";
import { CsrfInput } from "~/components/csrf-input";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { SubmitButton } from "~/components/submit-button";
import styles from "~/components/back-office/back-office.css";

// The gestor's gov.br policy (ADR 038): the minimum gov.br reliability level for drivers to
// submit a requerimento and for staff to approve, suspend or revoke (and to manage signing keys
// and this policy, ADR 053); and passwords off for staff. Saving a stricter policy ends the staff
// sessions it no longer allows.

// The select's empty first option is "none".
const OPTIONS = TRUST_LEVELS.map((l) => ({ value: l, label: `${TRUST_LEVEL_LABEL[l]} ou superior` }));
const NONE = "Nenhum (a senha do portal basta)";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:staff");
  return { municipality: { name: municipality.name }, policy: await govbrPolicy(municipality.id), on: govbrEnabled() };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, user, actor } = await requireStaff(request, params.municipio, "manage:staff");
  const parsed = parseForm(zGovbrPolicy, await readForm(request));
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, error: null }, { status: 400 });
  const p = parsed.data;
  // Signed in at the stricter of the staff level in force and the new one (ADR 053); below it,
  // the person is sent to sign in with gov.br at that level and comes back here.
  await requirePolicyChangeTrustLevel(request, user, municipality.id, parseTrustLevel(p.staffLevel));
  const asksGovbr = p.driverLevel || p.staffLevel || p.staffPasswordDisabled === "sim";
  // Without gov.br configured nobody could meet the policy: refuse it rather than lock everyone out.
  if (asksGovbr && !govbrEnabled()) throw invalid("Entrar com gov.br não está configurado neste portal.");
  if (p.staffPasswordDisabled === "sim" && !p.staffLevel) {
    throw invalid("Para desligar a senha da equipe, escolha o nível mínimo da equipe.", "staffLevel");
  }
  await setGovbrPolicy(
    municipality.id,
    {
      govbrDriverLevel: parseTrustLevel(p.driverLevel),
      govbrStaffLevel: parseTrustLevel(p.staffLevel),
      staffPasswordDisabled: p.staffPasswordDisabled === "sim",
    },
    actor,
  );
  return redirect(`/m/${params.municipio}/govbr?ok=salvo`);
});

export default function GovbrPolicyPage() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, error, refused, flash } = useFormResult({ salvo: "Política do gov.br salva." });
  const v = (name: string, saved: string) => (refused && values[name] !== undefined ? values[name] : saved);
  return (
    <>
      <h1>Entrada com gov.br — {d.municipality.name}</h1>
      <p className="bo-sub">
        Níveis da conta gov.br: bronze (cadastro básico), prata (validação facial, banco credenciado) e ouro
        (certificado digital ou biometria do TSE). Quem não tiver o nível é levado a entrar com gov.br antes da ação.
      </p>
      <p className="bo-sub">
        O nível mínimo da equipe vale também para trocar ou revogar chaves de assinatura e para mudar esta política (o
        mais alto entre o atual e o novo). Ao desligar a senha ou subir o nível da equipe, as sessões da equipe que não
        atendem à nova regra são encerradas.
      </p>
      {!d.on ? (
        <div className="aviso atencao" role="status">
          Entrar com gov.br não está configurado neste portal; estas regras não podem ser ligadas.
        </div>
      ) : null}
      {flash.ok ? (
        <div className="aviso sucesso" role="status">
          {flash.ok}
        </div>
      ) : null}
      <ErrorSummary errors={errors} error={error} />
      <section className="cartao estreito">
        <Form method="post" noValidate>
          <CsrfInput />
          {(
            [
              ["driverLevel", "Nível mínimo para condutores enviarem o requerimento", d.policy.govbrDriverLevel],
              ["staffLevel", "Nível mínimo para a equipe aprovar, suspender ou cassar", d.policy.govbrStaffLevel],
            ] as const
          ).map(([name, label, saved]) => (
            <SelectField
              key={name}
              label={label}
              name={name}
              options={OPTIONS}
              placeholder={NONE}
              defaultValue={v(name, saved ?? "")}
              error={errors[name]}
            />
          ))}
          <YesNo
            legend="Desligar a senha do portal para a equipe (só gov.br)?"
            name="staffPasswordDisabled"
            value={v("staffPasswordDisabled", d.policy.staffPasswordDisabled ? "sim" : "nao")}
            error={errors.staffPasswordDisabled}
          />
          <SubmitButton busyText="Salvando…">Salvar</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Entrada com gov.br — Portal de Credenciamento" }];
