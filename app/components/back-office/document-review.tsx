// One document on the review screen: why the law asks it, the file, the decision so far, and
// accept or reject while the review is open.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { formatBytes, formatDate, formatInstant } from "~/domain/format";
import { DocumentViewer, type ViewerScripts } from "./document-viewer";
import { DOCUMENT_REVIEW_LABELS } from "./labels";

export type ReviewDocument = {
  id: string;
  type: string;
  label: string;
  citation: string | null;
  mime: string;
  originalName: string;
  sizeBytes: number;
  issueDate: string | null;
  expiryDate: string | null;
  reviewStatus: string;
  reviewReason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
  /** Earlier uploads of the same type, replaced by this one. */
  versions: { id: string; createdAt: string; reviewStatus: string; reviewReason: string | null }[];
};

const TONE: Record<string, string> = { PENDING: "pendente", ACCEPTED: "aceito", REJECTED: "recusado" };
const SELO: Record<string, string> = { PENDING: "pendente", ACCEPTED: "ok", REJECTED: "falha" };

type Props = {
  doc: ReviewDocument;
  viewer: ViewerScripts;
  fileUrl: (id: string, download?: boolean) => string;
  decidable: boolean;
  reasons: readonly { code: string; label: string }[];
  /** Where to go after deciding: the next document still waiting. */
  nextAnchor: string;
  error?: string | null;
  /** The municipality's IANA zone: upload and review instants are shown on its clock. */
  timeZone: string;
};

export function DocumentReview({ doc, fileUrl, viewer, decidable, reasons, nextAnchor, error, timeZone }: Props) {
  const headingId = `doc-${doc.id}-titulo`;
  return (
    <article
      id={`doc-${doc.id}`}
      className={`bo-documento ${TONE[doc.reviewStatus] ?? ""}`}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h3 id={headingId}>{doc.label}</h3>
      <p className="dica">
        {doc.citation ? <>{doc.citation} · </> : null}
        enviado em {formatInstant(doc.createdAt, timeZone)} · {formatBytes(doc.sizeBytes)}
        {doc.issueDate ? <> · emitido em {formatDate(doc.issueDate)}</> : null}
        {doc.expiryDate ? <> · validade {formatDate(doc.expiryDate)}</> : null}
      </p>
      <p>
        <span className={`selo ${SELO[doc.reviewStatus] ?? "pendente"}`}>
          {DOCUMENT_REVIEW_LABELS[doc.reviewStatus] ?? doc.reviewStatus}
        </span>
        {doc.reviewedBy && doc.reviewedAt ? (
          <span className="dica">
            {" "}
            por {doc.reviewedBy} em {formatInstant(doc.reviewedAt, timeZone)}
          </span>
        ) : null}
        {doc.reviewReason ? (
          <>
            <br />
            <strong>Motivo:</strong> {doc.reviewReason}
          </>
        ) : null}
      </p>
      {doc.reviewStatus === "PENDING" ? (
        <DocumentViewer url={fileUrl(doc.id)} mime={doc.mime} label={doc.label} scripts={viewer} />
      ) : (
        // Already decided: out of the way until someone wants to look again.
        <details className="bo-ver-documento">
          <summary>
            Ver o documento<span className="visualmente-oculto">: {doc.label}</span>
          </summary>
          <DocumentViewer url={fileUrl(doc.id)} mime={doc.mime} label={doc.label} scripts={viewer} />
        </details>
      )}
      <p className="bo-botoes">
        <a href={fileUrl(doc.id, true)} download>
          Baixar {doc.mime === "application/pdf" ? "PDF" : "imagem"}
          <span className="visualmente-oculto">: {doc.label}</span>
        </a>
        {doc.mime.startsWith("image/") ? (
          <a href={fileUrl(doc.id)} target="_blank" rel="noreferrer">
            Abrir em tamanho real<span className="visualmente-oculto">: {doc.label}</span>
          </a>
        ) : null}
      </p>
      {error ? (
        <p className="aviso erro" role="alert">
          {error}
        </p>
      ) : null}
      {decidable ? <DecisionForms doc={doc} reasons={reasons} nextAnchor={nextAnchor} /> : null}
      {doc.versions.length ? <Versions doc={doc} fileUrl={fileUrl} timeZone={timeZone} /> : null}
    </article>
  );
}

/** Accept, or reject with a standard reason and a free text: both say which version they decide. */
function DecisionForms({ doc, reasons, nextAnchor }: Pick<Props, "doc" | "reasons" | "nextAnchor">) {
  return (
    <div className="bo-doc-acoes">
      <Form method="post" preventScrollReset>
        <CsrfInput />
        <input type="hidden" name="intent" value="decide_document" />
        <input type="hidden" name="documentId" value={doc.id} />
        <input type="hidden" name="expected" value={doc.reviewStatus} />
        <input type="hidden" name="next" value={nextAnchor} />
        <input type="hidden" name="decision" value="accept" />
        {doc.reviewStatus !== "ACCEPTED" ? (
          <button type="submit" className="botao pequeno">
            Aceitar<span className="visualmente-oculto">: {doc.label}</span>
          </button>
        ) : null}
      </Form>
      {doc.reviewStatus !== "REJECTED" ? (
        <details className="bo-recusar">
          <summary className="botao pequeno secundario perigo">
            Recusar…<span className="visualmente-oculto"> {doc.label}</span>
          </summary>
          <Form method="post" className="bo-decisao recusa" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="decide_document" />
            <input type="hidden" name="documentId" value={doc.id} />
            <input type="hidden" name="expected" value={doc.reviewStatus} />
            <input type="hidden" name="next" value={nextAnchor} />
            <input type="hidden" name="decision" value="reject" />
            <div className="campo">
              <label htmlFor={`motivo-${doc.id}`}>Motivo da recusa</label>
              <select id={`motivo-${doc.id}`} name="code" required defaultValue="">
                <option value="" disabled>
                  Escolha…
                </option>
                {reasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="campo">
              <label htmlFor={`texto-${doc.id}`}>Explique ao condutor (opcional)</label>
              <textarea id={`texto-${doc.id}`} name="text" maxLength={500} />
            </div>
            <div>
              <button type="submit" className="botao pequeno perigo">
                Recusar documento<span className="visualmente-oculto">: {doc.label}</span>
              </button>
            </div>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

function Versions({ doc, fileUrl, timeZone }: Pick<Props, "doc" | "fileUrl" | "timeZone">) {
  return (
    <details className="bo-versoes">
      <summary>Versões anteriores ({doc.versions.length})</summary>
      <ul>
        {doc.versions.map((v) => (
          <li key={v.id}>
            <a href={fileUrl(v.id, true)}>Enviada em {formatInstant(v.createdAt, timeZone)}</a> —{" "}
            {DOCUMENT_REVIEW_LABELS[v.reviewStatus] ?? v.reviewStatus}
            {v.reviewReason ? `: ${v.reviewReason}` : ""}
          </li>
        ))}
      </ul>
    </details>
  );
}
