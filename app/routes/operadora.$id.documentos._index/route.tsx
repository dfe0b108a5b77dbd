import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Checklist } from "~/components/checklist";
import { CsrfInput } from "~/components/csrf-input";
import { DocumentUpload } from "~/components/driver/document-upload";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { needsFile } from "~/domain/eligibility/document-status";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { formatDate } from "~/domain/format";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  cadastrada: "Empresa cadastrada. Agora envie os documentos que a lei pede.",
  renovacao: "Renovação aberta. Envie só o que venceu e mande o requerimento para análise.",
};

export default function OperatorDocuments() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const base = `/operadora/${d.frame.id}`;
  return (
    <OperatorFrame operator={d.frame} current="documentos" title="Documentos do credenciamento">
      <Flash ok={OK[params.get("ok") ?? ""] ?? params.get("enviado")} error={params.get("erro")} />
      <p>
        {d.app.renewal ? "Renovação do certificado — requerimento" : "Requerimento"} {d.app.number}:{" "}
        <strong>{APPLICATION_STATUS_LABELS[d.app.status]}</strong>.
      </p>
      {d.app.renewal && d.app.editable ? (
        <p className="dica">
          Os documentos aceitos no credenciamento anterior que ainda valem foram aproveitados; envie só os que faltam ou
          venceram.
        </p>
      ) : null}
      {!d.app.editable ? (
        <div className="aviso">O requerimento está com a prefeitura: os documentos não podem ser trocados agora.</div>
      ) : null}
      <section className="cartao" aria-labelledby="docs">
        <h2 id="docs">Documentos que a lei pede</h2>
        {d.documents.map((doc) => (
          <section className="documento" key={doc.type} aria-labelledby={`doc-${doc.type}`}>
            <h3 id={`doc-${doc.type}`} style={{ fontSize: "1.05rem", margin: 0 }}>
              {doc.label}
            </h3>
            <p className="citacao">{doc.citation}</p>
            <p>
              <span className={`selo ${documentStatusLabel(doc.status, true).tone}`}>
                {documentStatusLabel(doc.status, true).label}
              </span>
              {doc.expiresOn ? <> · vale até {formatDate(doc.expiresOn)}</> : null}
              {doc.fileId ? (
                <>
                  {" "}
                  ·{" "}
                  <Link to={`${base}/documentos/${doc.fileId}`} reloadDocument target="_blank" rel="noreferrer">
                    ver arquivo enviado
                  </Link>
                </>
              ) : null}
            </p>
            {doc.reason ? <p className="aviso erro">Motivo da recusa: {doc.reason}</p> : null}
            {d.app.editable && needsFile(doc.status) ? (
              <DocumentUpload action={`${base}/documentos/enviar`} type={doc.type} label={doc.label} askDates />
            ) : null}
            {d.app.editable && doc.status === "AWAITING_REVIEW" ? (
              <details>
                <summary>Trocar o arquivo enviado</summary>
                <DocumentUpload action={`${base}/documentos/enviar`} type={doc.type} label={doc.label} askDates />
              </details>
            ) : null}
          </section>
        ))}
      </section>
      <section className="cartao" aria-labelledby="requisitos">
        <h2 id="requisitos">Requisitos da empresa</h2>
        <Checklist result={d.result} headingLevel={3} showDocuments={false} />
        {d.app.editable ? (
          <p className="dica">
            Sede, filial e patrimônio se corrigem em <Link to={`${base}/dados`}>Dados da empresa</Link>.
          </p>
        ) : null}
      </section>
      {d.app.editable ? (
        <section className="cartao" aria-labelledby="envio">
          <h2 id="envio">Enviar para análise</h2>
          {(refused?.blockers ?? d.blockers).length ? (
            <div className="aviso atencao" role={refused ? "alert" : undefined}>
              <p>
                <strong>Ainda não dá para enviar:</strong>
              </p>
              <ul>
                {(refused?.blockers ?? d.blockers).map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p>Tudo o que a lei pede foi enviado.</p>
          )}
          <Form method="post">
            <CsrfInput />
            <SubmitButton busyText="Enviando…">
              {d.app.status === "CHANGES_REQUESTED" ? "Reenviar para análise" : "Enviar para análise"}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </OperatorFrame>
  );
}

export const handle: PageHandle = { title: "Documentos da empresa" };
