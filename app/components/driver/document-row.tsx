import { useEffect, useRef, useState } from "react";
import { needsFile } from "~/domain/eligibility/document-status";
import { formatBytes, formatDate, formatDuration } from "~/domain/format";
import { DocumentUpload } from "./document-upload";
import { PhotoGuidance } from "./photo-crop";

export type DocumentRowData = {
  type: string;
  label: string;
  citation: string;
  status: string;
  reason: string | null;
  expiresOn: string | null;
  submittedBy: string;
  validity: string | null;
  /** The paper states its own expiry: the form says why its "válido até" matters. */
  expiryOnDocument: boolean;
  quantity: number;
  /** The holder's 3×4 photo (printed on the crachá). */
  photo: boolean;
  file: { id: string; name: string; size: number } | null;
};

/** One word a person reads at a glance, and the badge's tone. */
const STATUS: Record<string, { word: string; tone: "ok" | "pendente" | "falha" }> = {
  MISSING: { word: "Falta", tone: "falha" },
  AWAITING_REVIEW: { word: "Enviado", tone: "pendente" },
  ACCEPTED: { word: "Aceito", tone: "ok" },
  EXPIRING: { word: "Aceito — vence logo", tone: "pendente" },
  REJECTED: { word: "Recusado", tone: "falha" },
  EXPIRED: { word: "Vencido", tone: "falha" },
};

type Props = {
  doc: DocumentRowData;
  appId: string;
  editable: boolean;
  open: boolean;
  /** The server's answer to this row's last send, shown under the row (the next row opens). */
  sent: string | null;
  onSent: (type: string, message: string) => void;
};

/**
 * One checklist row, opening to its file and upload form. Rows share a `name`, so opening one
 * closes the other (no JavaScript needed) and the page stays short on a phone.
 */
export function DocumentRow({ doc: d, appId, editable, open, sent, onSent }: Props) {
  const status = STATUS[d.status] ?? { word: d.status, tone: "pendente" as const };
  const toSend = editable && needsFile(d.status);
  // Kept here to outlive the row's folding: a page added later goes again with them as one PDF.
  const [pages, setPages] = useState<File[]>([]);
  const upload = (
    <DocumentUpload
      action={`/requerimentos/${appId}/documentos/enviar`}
      type={d.type}
      label={d.label}
      // Dates only where a rule reads them: the issue date where validity runs from it, and a
      // paper document's printed expiry.
      askDates={!d.photo || Boolean(d.validity)}
      askIssueDate={Boolean(d.validity)}
      expiryOnDocument={d.expiryOnDocument}
      photo={d.photo}
      autoSend
      earlierPages={pages}
      onSent={(message, files) => {
        setPages(files);
        onSent(d.type, message);
      }}
    />
  );
  const id = `doc-${d.type}`;
  return (
    <>
      <details
        id={id}
        className="doc-linha"
        {...{ name: "documento" }}
        open={open}
        data-pendente={toSend ? "" : undefined}
      >
        <summary>
          <span className="doc-nome">{d.label}</span>
          <span className={`selo ${status.tone}`}>{status.word}</span>
          {d.reason ? <span className="doc-motivo">Motivo: {d.reason}</span> : null}
          {d.file && !needsFile(d.status) ? (
            <span className="doc-arquivo">
              {d.file.name} · {formatBytes(d.file.size)}
            </span>
          ) : null}
        </summary>
        <div className="doc-corpo">
          <p className="citacao">
            {d.citation}
            {d.validity ? ` · validade ${formatDuration(d.validity)}` : ""}
            {d.expiresOn ? ` · vale até ${formatDate(d.expiresOn)}` : ""}
          </p>
          {d.file ? (
            <p>
              <a href={`/documentos/${d.file.id}`} target="_blank" rel="noreferrer">
                Ver o arquivo enviado
              </a>{" "}
              ({d.file.name}, {formatBytes(d.file.size)})
            </p>
          ) : null}
          {d.photo && editable ? (
            <PhotoGuidance quantity={d.quantity} recent={d.validity ? formatDuration(d.validity) : null} />
          ) : null}
          {toSend ? upload : null}
          {editable && !toSend ? (
            <details className="doc-trocar">
              <summary>{d.photo ? "Trocar a foto" : "Trocar o arquivo ou adicionar uma página"}</summary>
              {upload}
            </details>
          ) : null}
        </div>
      </details>
      {sent ? (
        <SentNotice text={sent} rowId={id} inputId={`arquivo-${d.type}`} morePages={!d.photo} label={d.label} />
      ) : null}
    </>
  );
}

/** Focused so it is read and on screen while the next document opens; several pages: the way back. */
function SentNotice(props: { text: string; rowId: string; inputId: string; morePages: boolean; label: string }) {
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => said.current?.focus(), [props.text]);
  function addPage() {
    const row = document.getElementById(props.rowId) as HTMLDetailsElement | null;
    if (!row) return;
    row.open = true;
    const change = row.querySelector<HTMLDetailsElement>("details.doc-trocar");
    if (change) change.open = true;
    document.getElementById(props.inputId)?.focus();
  }
  return (
    <div ref={said} tabIndex={-1} role="status" className="aviso sucesso doc-enviado">
      <span>{props.text}</span>
      {props.morePages ? (
        <button type="button" className="botao secundario pequeno" onClick={addPage}>
          Faltou o verso? Adicionar página
          <span className="visualmente-oculto"> a {props.label}</span>
        </button>
      ) : null}
    </div>
  );
}
