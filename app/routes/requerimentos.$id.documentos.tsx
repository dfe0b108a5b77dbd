import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { openItems, wizardSteps } from "~/domain/applications/wizard";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { holderPhotoType } from "~/http/document-upload.server";
import { currentDocuments } from "~/models/application-facts.server";
import { isEditable } from "~/domain/applications/status";
import { WizardFrame, wizardLinks } from "~/components/driver/wizard-frame";
import { DocumentRow, type DocumentRowData } from "~/components/driver/document-row";
import { WithoutObjectList } from "~/components/without-object";
import { RenewalSummary } from "~/components/renewal/renewal-summary";
import { formatCount } from "~/domain/format";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { withRefusals } from "~/http/refusal.server";
import { titularSeenByPreposto } from "~/models/preposto.server";
import { titularText } from "~/components/driver/titular-seen";
import styles from "~/components/driver/documents.css";
import { govbrSheet } from "~/styles/govbr";

const SENT = new Set(["AWAITING_REVIEW", "ACCEPTED", "EXPIRING"]);
const NEEDS_FILE = new Set(["MISSING", "REJECTED", "EXPIRED"]);

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { app, pack, result } = await loadOwnApplication(request, params.id);
  const files = new Map(
    (await currentDocuments(app)).map((d) => [d.type, { id: d.id, name: d.originalName, size: d.sizeBytes }]),
  );
  const photoType = holderPhotoType(pack, app);
  const open = openItems(result);
  const documents: DocumentRowData[] = result.requiredDocuments.map((d) => ({
    type: d.type,
    label: d.label,
    citation: d.citation,
    status: d.status,
    reason: d.reason ?? null,
    expiresOn: d.expiresOn ?? null,
    submittedBy: d.submittedBy,
    validity: d.validity,
    expiryOnDocument: Boolean(d.expiryOnDocument),
    quantity: d.quantity ?? 1,
    photo: d.type === photoType,
    file: files.get(d.type) ?? null,
  }));
  const mine = documents.filter((d) => d.submittedBy === "APPLICANT");
  const missing = mine.filter((d) => NEEDS_FILE.has(d.status)).length;
  return {
    app: { id: app.id, number: app.number, editable: isEditable(app.status) },
    documents,
    titular: await titularSeenByPreposto(app),
    withoutObject: result.withoutObject,
    renewal: result.renewal ?? null,
    renewalCredentials: result.credentials,
    steps: wizardSteps(result),
    // The checklist on this page names every document: the side list only counts them.
    open: {
      ...open,
      documents: missing
        ? [
            {
              type: "DOCUMENTOS",
              label: "Documentos",
              status: `${formatCount(missing, "falta", "faltam")} — veja a lista nesta página`,
              citation: open.documents[0]?.citation ?? "",
              reason: null,
            },
          ]
        : [],
    },
  };
});

export default function Documents() {
  const { app, documents, titular, withoutObject, renewal, renewalCredentials, steps, open } =
    useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // The last document sent from this page (with JavaScript): its notice sits under its row.
  const [sent, setSent] = useState<{ type: string; message: string } | null>(null);
  const mine = documents.filter((d) => d.submittedBy === "APPLICANT");
  const others = documents.filter((d) => d.submittedBy !== "APPLICANT");
  const done = mine.filter((d) => SENT.has(d.status)).length;
  const next = app.editable ? mine.find((d) => NEEDS_FILE.has(d.status)) : undefined;
  // After a send, the next document still missing opens by itself (ADR 031), whichever was sent:
  // once the page has read the new states (until then `next` may still be the one just sent).
  useEffect(() => {
    if (!sent || !next || next.type === sent.type) return;
    const row = document.getElementById(`doc-${next.type}`);
    if (row instanceof HTMLDetailsElement) row.open = true;
  }, [sent, next]);
  return (
    <WizardFrame appId={app.id} number={app.number} title="Documentos" steps={steps} current="documentos" open={open}>
      {params.get("enviado") && !sent ? (
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
      <RenewalSummary renewal={renewal} credentials={renewalCredentials} />
      <div className="doc-resumo">
        <p id="doc-resumo">
          <strong>
            {done} de {formatCount(mine.length, "documento enviado", "documentos enviados")}
          </strong>
          {next ? " · toque em um documento para enviar" : ""}
        </p>
        <progress max={mine.length} value={done} aria-labelledby="doc-resumo" />
      </div>
      <ul className="doc-lista" aria-label="Documentos pedidos">
        {mine.map((d) => (
          <li key={d.type}>
            <DocumentRow
              doc={d}
              appId={app.id}
              editable={app.editable}
              open={d.type === next?.type}
              sent={sent?.type === d.type ? sent.message : null}
              onSent={(type, message) => setSent({ type, message })}
            />
          </li>
        ))}
      </ul>
      {others.length ? (
        <div className="cartao">
          <h2>Enviados por outros</h2>
          <ul>
            {others.map((d) => (
              <li key={d.type}>
                {d.label} — {d.submittedBy === "OPERATOR" ? "pela empresa" : "pelo titular"} (
                {d.submittedBy === "HOLDER" && NEEDS_FILE.has(d.status)
                  ? `aguardando o titular${titular ? ` ${titularText(titular)}` : ""}`
                  : documentStatusLabel(d.status, true).label}
                )
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <WithoutObjectList items={withoutObject} heading="Citados pela lei, mas não pedidos" />
      <p>
        <Link className="botao" to={`/requerimentos/${app.id}/revisao`}>
          Continuar para a revisão
        </Link>
      </p>
    </WizardFrame>
  );
}

export const links: LinksFunction = () => [...wizardLinks(), govbrSheet("upload"), { rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Documentos — Portal de Credenciamento" }];
