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

const NEEDS_FILE = new Set(["MISSING", "REJECTED", "EXPIRED"]);

type Props = { doc: DocumentRowData; appId: string; editable: boolean; open: boolean; onSent: (m: string) => void };

/**
 * One line of the documents checklist: name and status (with the refusal's reason); tapped, it
 * opens to the file sent and the upload form. The rows share a `name`, so opening one closes the
 * one open before (without JavaScript too) and the page stays a few screens tall on a phone.
 */
export function DocumentRow({ doc: d, appId, editable, open, onSent }: Props) {
  const status = STATUS[d.status] ?? { word: d.status, tone: "pendente" as const };
  const needsFile = editable && NEEDS_FILE.has(d.status);
  const upload = (
    <DocumentUpload
      action={`/requerimentos/${appId}/documentos/enviar`}
      type={d.type}
      label={d.label}
      askDates
      photo={d.photo}
      onSent={onSent}
    />
  );
  return (
    <details className="doc-linha" {...{ name: "documento" }} open={open} data-pendente={needsFile ? "" : undefined}>
      <summary>
        <span className="doc-nome">{d.label}</span>
        <span className={`selo ${status.tone}`}>{status.word}</span>
        {d.reason ? <span className="doc-motivo">Motivo: {d.reason}</span> : null}
        {d.file && !NEEDS_FILE.has(d.status) ? (
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
        {needsFile ? upload : null}
        {editable && !needsFile ? (
          <details className="doc-trocar">
            <summary>Trocar o arquivo enviado</summary>
            {upload}
          </details>
        ) : null}
      </div>
    </details>
  );
}
