import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { typedCodeFor } from "~/models/verification.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { credentialsOfUser } from "~/models/credential.server";
import { today } from "~/models/application.server";
import { isRenewable, verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS, VERDICT_LABELS } from "~/domain/credentials/labels";
import { daysBetween } from "~/domain/eligibility/calendar";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:credential");
  const instant = new Date();
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const { credentials, checkCount } = await credentialsOfUser(user.id, weekAgo);
  return {
    credentials: credentials.map((c) => {
      const now = today(instant, c.municipality.timeZone);
      const verdict = verdictFor(
        { status: c.status as CredentialStatus, validFrom: c.validFrom, validUntil: c.validUntil },
        now,
      );
      const daysLeft = daysBetween(now, c.validUntil);
      return {
        id: c.id,
        serial: c.serial,
        code: typedCodeFor(c.serial),
        type: c.type,
        category: c.category,
        municipality: `${c.municipality.name} (${c.municipality.uf})`,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        verdict,
        daysLeft,
        checkedThisWeek: checkCount.get(c.id) ?? 0,
        renewable: isRenewable(verdict),
      };
    }),
  };
});

export default function MyCredentials() {
  const { credentials } = useLoaderData<typeof loader>();
  const expiring = credentials.filter((c) => c.verdict === "VALID" && c.daysLeft <= 60);
  return (
    <>
      <h1>Minhas credenciais</h1>
      {expiring.map((c) => (
        <div key={c.id} className="aviso atencao" role="status">
          {CREDENTIAL_TYPE_LABELS[c.type]} {c.serial} vence em {formatDate(c.validUntil)} ({c.daysLeft} dias). Renove a
          tempo.
        </div>
      ))}
      {credentials.length === 0 ? (
        <p>
          Nenhuma credencial emitida ainda. Acompanhe seus <Link to="/requerimentos">requerimentos</Link>.
        </p>
      ) : null}
      <div className="grade">
        {credentials.map((c) => (
          <section className="cartao" key={c.id} aria-labelledby={`cred-${c.id}`}>
            <h2 id={`cred-${c.id}`} style={{ fontSize: "1.15rem" }}>
              {CREDENTIAL_TYPE_LABELS[c.type] ?? c.type} — {CATEGORY_LABELS[c.category] ?? c.category}
            </h2>
            <p>
              <span
                className={`selo ${c.verdict === "VALID" ? "ok" : c.verdict === "SUPERSEDED" ? "pendente" : "falha"}`}
              >
                {VERDICT_LABELS[c.verdict].label}
              </span>
            </p>
            <dl>
              <dt>Código</dt>
              <dd>{c.code}</dd>
              <dt>Município</dt>
              <dd>{c.municipality}</dd>
              <dt>Validade</dt>
              <dd>
                {formatDate(c.validFrom)} a {formatDate(c.validUntil)}
              </dd>
            </dl>
            <p className="dica">
              {c.checkedThisWeek === 0
                ? "Ninguém verificou esta credencial nesta semana."
                : `Sua credencial foi verificada ${c.checkedThisWeek} ${c.checkedThisWeek === 1 ? "vez" : "vezes"} nesta semana.`}
            </p>
            <div className="acoes">
              <a className="botao" href={`/credenciais/${c.id}/pdf`} download>
                Baixar PDF
              </a>
              {c.renewable && c.type === "CRACHA" ? (
                <Form method="post" action={`/credenciais/${c.id}/renovar`}>
                  <CsrfInput />
                  <button type="submit" className="botao secundario">
                    Renovar
                  </button>
                </Form>
              ) : null}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Minhas credenciais — Portal de Credenciamento" }];
