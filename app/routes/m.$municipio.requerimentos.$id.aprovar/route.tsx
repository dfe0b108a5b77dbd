import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Cpf } from "~/components/back-office/cpf";
import { Checklist } from "~/components/checklist";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { formatDate } from "~/domain/format";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function ConfirmApproval() {
  const { municipality, app, toIssue, blocked, vistoriaDue, vehicle, result } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const alert = useRef<HTMLDivElement>(null);
  const back = `/m/${municipality.slug}/requerimentos/${app.id}`;
  const ready = app.status === "IN_REVIEW" && !blocked && !vehicle;

  useEffect(() => {
    if (refused?.error) alert.current?.focus();
  }, [refused]);

  return (
    <>
      <p className="bo-voltar">
        <Link to={back}>← Voltar ao requerimento</Link>
      </p>
      <h1>Confirmar a aprovação — {app.number}</h1>
      {refused?.error ? (
        <div className="aviso erro" role="alert" tabIndex={-1} ref={alert} style={{ whiteSpace: "pre-line" }}>
          {refused.error}
        </div>
      ) : null}

      <section className="cartao" aria-labelledby="resumo-titulo">
        <h2 id="resumo-titulo">O que será emitido</h2>
        <dl className="bo-dados">
          <dt>Titular</dt>
          <dd>
            {app.holder}
            {app.cpf ? (
              <>
                {" (CPF "}
                <Cpf view={app.cpf} />)
              </>
            ) : null}
          </dd>
          <dt>Categoria</dt>
          <dd>
            {app.category} · {app.mode}
          </dd>
          <dt>Placa</dt>
          <dd>{app.plate ?? "—"}</dd>
        </dl>
        {toIssue.length ? (
          <ul aria-label="Credenciais a emitir">
            {toIssue.map((c) => (
              <li key={c.type}>
                <strong>{c.label}</strong>
                {c.validUntil ? `, válido até ${formatDate(c.validUntil)}` : ""}
                {c.citation ? <span className="citacao"> ({c.citation})</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>A lei não prevê credencial impressa para esta categoria: a aprovação registra o ato.</p>
        )}

        {app.status !== "IN_REVIEW" ? (
          <p className="aviso atencao">
            Este requerimento está “{APPLICATION_STATUS_LABELS[app.status]}”: só um requerimento em análise pode ser
            aprovado.
          </p>
        ) : blocked || vehicle ? (
          <>
            {blocked ? (
              <p className="aviso atencao" id="confirmar-motivo">
                Aprovação indisponível: {blocked}{" "}
                {vistoriaDue ? (
                  <>
                    Agende ou registre a <Link to={`${back}#vistoria`}>vistoria do veículo</Link>.
                  </>
                ) : (
                  "Veja o checklist abaixo."
                )}
              </p>
            ) : null}
            {vehicle ? (
              <p className="aviso erro" id="conflito-veiculo">
                {vehicle}
              </p>
            ) : null}
          </>
        ) : (
          <p>A aprovação é definitiva: as credenciais passam a valer assim que emitidas.</p>
        )}

        <Form method="post" className="bo-confirmar">
          <CsrfInput />
          {ready ? (
            <button type="submit" className="botao" disabled={busy} aria-busy={busy}>
              {busy ? "Emitindo…" : "Confirmar e emitir"}
            </button>
          ) : null}
          <Link to={back} className="botao secundario">
            Voltar
          </Link>
        </Form>
      </section>

      <section className="cartao" aria-labelledby="checklist-titulo">
        <h2 id="checklist-titulo">Checklist da lei</h2>
        <Checklist result={result} headingLevel={3} />
      </section>
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `Confirmar a aprovação ${data?.app.number ?? ""}`,
};
