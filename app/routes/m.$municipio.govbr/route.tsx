import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { TRUST_LEVEL_LABEL, TRUST_LEVELS } from "~/domain/auth/trust-level";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

// The gestor's gov.br policy (ADR 038): the minimum gov.br reliability level for drivers to
// submit a requerimento and for staff to approve, suspend or revoke (and to manage signing keys
// and this policy, ADR 053); and passwords off for staff. Saving a stricter policy ends the staff
// sessions it no longer allows.

// The select's empty first option is "none".
const OPTIONS = TRUST_LEVELS.map((l) => ({ value: l, label: `${TRUST_LEVEL_LABEL[l]} ou superior` }));

const NONE = "Nenhum (a senha do portal basta)";

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

export const handle: PageHandle = { title: "Entrada com gov.br" };
