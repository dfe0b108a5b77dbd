import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { loadOwnApplication, openItems, wizardSteps } from "~/models/driver-wizard.server";
import { currentDocuments } from "~/models/application-facts.server";
import { isEditable } from "~/domain/applications/status";
import { WizardFrame } from "~/components/driver/wizard-frame";
import { DocumentUpload } from "~/components/driver/document-upload";
import { dateBr } from "~/domain/credentials/labels";

const STATUS: Record<string, { text: string; cls: string }> = {
  MISSING: { text: "Falta enviar", cls: "pendente" },
  AWAITING_REVIEW: { text: "Enviado — aguardando análise", cls: "pendente" },
  ACCEPTED: { text: "Aceito", cls: "ok" },
  REJECTED: { text: "Recusado", cls: "falha" },
  EXPIRING: { text: "Aceito — vence em breve", cls: "pendente" },
  EXPIRED: { text: "Vencido", cls: "falha" },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, result } = await loadOwnApplication(request, params.id);
  const files = new Map((await currentDocuments(app)).map((d) => [d.type, { id: d.id, name: d.originalName }]));
  return {
    app: { id: app.id, number: app.number, editable: isEditable(app.status) },
    documents: result.requiredDocuments.map((d) => ({
      type: d.type,
      label: d.label,
      citation: d.citation,
      status: d.status,
      reason: d.reason ?? null,
      expiresOn: d.expiresOn ?? null,
      submittedBy: d.submittedBy,
      validity: d.validity,
      quantity: d.quantity ?? 1,
      file: files.get(d.type) ?? null,
    })),
    steps: wizardSteps(result, true),
    open: openItems(result),
  };
}

export default function Documents() {
  const { app, documents, steps, open } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const mine = documents.filter((d) => d.submittedBy === "APPLICANT");
  const others = documents.filter((d) => d.submittedBy !== "APPLICANT");
  return (
    <WizardFrame appId={app.id} number={app.number} title="Documentos" steps={steps} current="documentos" open={open}>
      {params.get("enviado") ? (
        <div className="aviso sucesso" role="status">
          {params.get("enviado")}
        </div>
      ) : null}
      {params.get("erro") ? (
        <div className="aviso erro" role="alert">
          {params.get("erro")}
        </div>
      ) : null}
      {!app.editable ? (
        <div className="aviso">Este requerimento está em análise: os documentos não podem ser trocados agora.</div>
      ) : null}
      <div className="cartao">
        {mine.map((d) => (
          <section className="documento" key={d.type} aria-labelledby={`doc-${d.type}`}>
            <h2 id={`doc-${d.type}`} style={{ fontSize: "1.1rem", margin: 0 }}>
              {d.label}
              {d.quantity > 1 ? ` (${d.quantity})` : ""}
            </h2>
            <p className="citacao">
              {d.citation}
              {d.validity
                ? ` · validade ${d.validity.replace("P", "").replace("Y", " ano(s)").replace("M", " mes(es)").replace("D", " dias")}`
                : ""}
            </p>
            <p>
              <span className={`selo ${STATUS[d.status]?.cls ?? "pendente"}`}>
                {STATUS[d.status]?.text ?? d.status}
              </span>
              {d.expiresOn ? <> · vale até {dateBr(d.expiresOn)}</> : null}
              {d.file ? (
                <>
                  {" "}
                  ·{" "}
                  <Link to={`/documentos/${d.file.id}`} reloadDocument target="_blank" rel="noreferrer">
                    ver arquivo enviado
                  </Link>
                </>
              ) : null}
            </p>
            {d.reason ? <p className="aviso erro">Motivo da recusa: {d.reason}</p> : null}
            {app.editable && ["MISSING", "REJECTED", "EXPIRED"].includes(d.status) ? (
              <DocumentUpload
                action={`/requerimentos/${app.id}/documentos/enviar`}
                type={d.type}
                label={d.label}
                askDates
              />
            ) : null}
            {app.editable && d.status === "AWAITING_REVIEW" ? (
              <details>
                <summary>Trocar o arquivo enviado</summary>
                <DocumentUpload
                  action={`/requerimentos/${app.id}/documentos/enviar`}
                  type={d.type}
                  label={d.label}
                  askDates
                />
              </details>
            ) : null}
          </section>
        ))}
      </div>
      {others.length ? (
        <div className="cartao">
          <h2>Enviados por outros</h2>
          <ul>
            {others.map((d) => (
              <li key={d.type}>
                {d.label} — {d.submittedBy === "OPERATOR" ? "pela empresa" : "pelo titular"} (
                {STATUS[d.status]?.text ?? d.status})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        <Link className="botao" to={`/requerimentos/${app.id}/revisao`}>
          Continuar para a revisão
        </Link>
      </p>
    </WizardFrame>
  );
}

export const meta: MetaFunction = () => [{ title: "Documentos — Portal de Credenciamento" }];
