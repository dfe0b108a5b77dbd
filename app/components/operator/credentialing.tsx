// The operator's credentialing on its home page: the certificate, or before it the application.
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { REMINDER_OFFSETS } from "~/domain/applications/reminders";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { RENEWAL_WINDOW_DAYS } from "~/domain/credentials/renewal-window";
import type { Verdict } from "~/domain/credentials/status";
import { formatDate, formatDays } from "~/domain/format";

type OperatorCertificateView = {
  serial: string;
  code: string;
  validFrom: string;
  validUntil: string;
  verdict: Verdict;
  daysLeft: number;
  renewable: boolean;
  renewalOpensOn: string | null;
};
type OperatorApplicationView = {
  number: string;
  status: ApplicationStatus;
  editable: boolean;
  renewal: boolean;
  open: boolean;
};

export function Credentialing(props: {
  certificate: OperatorCertificateView | null;
  application: OperatorApplicationView | null;
  /** The operator's pages: /operadora/<id>. */
  base: string;
}) {
  const { certificate, application, base } = props;
  const expiring = certificate?.verdict === "VALID" && certificate.daysLeft <= REMINDER_OFFSETS[0];
  return (
    <section className="cartao" aria-labelledby="credenciamento">
      <h2 id="credenciamento">Credenciamento</h2>
      {certificate ? (
        <>
          <p>
            <span className={`selo ${certificate.verdict === "VALID" ? "ok" : "falha"}`}>
              {VERDICT_LABELS[certificate.verdict].label}
            </span>{" "}
            Certificado {certificate.serial}
          </p>
          <p className="dica">
            Válido de {formatDate(certificate.validFrom)} a {formatDate(certificate.validUntil)}.
          </p>
          {expiring ? (
            <div className="aviso atencao" role="status">
              {certificate.daysLeft === 0
                ? "O certificado vence hoje."
                : `O certificado vence em ${formatDays(certificate.daysLeft)}.`}{" "}
              Renove a tempo.
            </div>
          ) : null}
          <div className="acoes">
            <a className="botao" href={`${base}/certificado`} download>
              Baixar certificado (PDF)
            </a>
            <Link className="botao secundario" to={`/v?codigo=${certificate.code}`}>
              Verificar
            </Link>
            {certificate.renewable ? (
              <Form method="post">
                <CsrfInput />
                <SubmitButton busyText="Abrindo a renovação…" className="botao secundario">
                  Renovar certificado
                </SubmitButton>
              </Form>
            ) : null}
          </div>
          {certificate.renewalOpensOn ? (
            <p className="dica">
              A renovação abre em {formatDate(certificate.renewalOpensOn)}, {RENEWAL_WINDOW_DAYS} dias antes do
              vencimento.
            </p>
          ) : null}
          {application?.renewal && application.open ? (
            <>
              <p>
                Renovação — requerimento {application.number}:{" "}
                <strong>{APPLICATION_STATUS_LABELS[application.status]}</strong>.
              </p>
              <p>
                <Link className="botao" to={`${base}/documentos`}>
                  {application.editable ? "Documentos e envio da renovação" : "Ver documentos da renovação"}
                </Link>
              </p>
            </>
          ) : null}
        </>
      ) : application ? (
        <>
          <p>
            Requerimento {application.number}: <strong>{APPLICATION_STATUS_LABELS[application.status]}</strong>.
          </p>
          <p>
            {application.editable
              ? "Envie os documentos que a lei pede e mande o requerimento para análise."
              : "A prefeitura analisa os documentos; você recebe um e-mail com a decisão."}
          </p>
          <p>
            <Link className="botao" to={`${base}/documentos`}>
              {application.editable ? "Documentos e envio" : "Ver documentos"}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
