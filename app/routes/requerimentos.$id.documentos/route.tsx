import type { LinksFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DocumentRow } from "~/components/driver/document-row";
import styles from "~/components/driver/documents.css";
import { titularText } from "~/components/driver/titular-seen";
import { WizardFrame, wizardLinks } from "~/components/driver/wizard-frame";
import type { PageHandle } from "~/components/page-title";
import { RenewalSummary } from "~/components/renewal/renewal-summary";
import { WithoutObjectList } from "~/components/without-object";
import { isSent, needsFile } from "~/domain/eligibility/document-status";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { formatCount } from "~/domain/format";
import { govbrSheet } from "~/styles/govbr";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Documents() {
  const { app, documents, titular, withoutObject, renewal, renewalCredentials, steps, open } =
    useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // The last document sent from this page (with JavaScript): its notice sits under its row.
  const [sent, setSent] = useState<{ type: string; message: string } | null>(null);
  const mine = documents.filter((d) => d.submittedBy === "REQUERENTE");
  const others = documents.filter((d) => d.submittedBy !== "REQUERENTE");
  const done = mine.filter((d) => isSent(d.status)).length;
  const next = app.editable ? mine.find((d) => needsFile(d.status)) : undefined;
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
                {d.label} — {d.submittedBy === "OPERADORA" ? "pela empresa" : "pelo titular"} (
                {d.submittedBy === "TITULAR" && needsFile(d.status)
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

export const handle: PageHandle = { title: "Documentos" };
