// A linked driver's checklist and documents as the operator sees them, with its own uploads.
import { Link } from "@remix-run/react";
import { Checklist } from "~/components/checklist";
import { DocumentUpload } from "~/components/driver/document-upload";
import type { EvaluationResult, RequiredDocument } from "~/domain/eligibility";
import { documentStatusLabel } from "~/domain/eligibility/labels";

type DriverDocumentView = Pick<RequiredDocument, "type" | "label" | "citation" | "status" | "submittedBy"> & {
  /** Set when the operator may open the file. */
  fileId: string | null;
  /** The operator delivers this document now. */
  upload: boolean;
};

export function DriverDocuments(props: {
  evaluation: EvaluationResult;
  documents: DriverDocumentView[];
  /** The law makes the operator collect and forward the driver's documents. */
  collects: boolean;
  /** The driver's pages: /operadora/<id>/condutores/<link>. */
  linkUrl: string;
}) {
  const { evaluation, documents, collects, linkUrl } = props;
  return (
    <section className="cartao" aria-labelledby="checklist">
      <h2 id="checklist">Requisitos da lei</h2>
      <Checklist result={evaluation} headingLevel={3} showDocuments={false} />
      <h3>Documentos</h3>
      <p className="dica">
        {collects
          ? "A lei manda a empresa exigir e encaminhar os documentos do condutor: você pode abri-los."
          : "Os documentos pessoais do condutor são vistos só por ele e pela prefeitura; aqui aparece apenas a situação de cada um."}
      </p>
      <ul className="op-lista">
        {documents.map((doc) => (
          <li key={doc.type}>
            {doc.label}{" "}
            <span className={`selo ${documentStatusLabel(doc.status).tone}`}>
              {documentStatusLabel(doc.status).label}
            </span>
            {doc.submittedBy === "OPERADORA" ? <strong> · entregue pela empresa</strong> : null}
            {doc.fileId ? (
              <>
                {" "}
                ·{" "}
                <Link to={`${linkUrl}/documentos/${doc.fileId}`} reloadDocument target="_blank" rel="noreferrer">
                  abrir
                </Link>
              </>
            ) : null}
            <span className="citacao">{doc.citation}</span>
            {doc.upload ? (
              <DocumentUpload action={`${linkUrl}/enviar`} type={doc.type} label={doc.label} askDates />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
