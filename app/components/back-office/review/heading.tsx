// The review screen's heading and its table of contents.
import { Link } from "@remix-run/react";
import { APPLICATION_STATUS_TONE, MODE_LABELS } from "~/components/back-office/labels";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatInstant } from "~/domain/format";
import type { ReviewScreenData } from "~/http/review-screen.server";

const OK_MESSAGES: Record<string, string> = {
  atribuido: "Requerimento atribuído a você.",
  devolvido: "Requerimento devolvido à fila.",
  analise: "Análise iniciada. O requerimento está com você.",
  aceito: "Documento aceito.",
  recusado: "Documento recusado. Quando terminar, peça as correções ao condutor.",
  correcoes: "Correções pedidas: o condutor recebeu a lista por e-mail.",
  indeferido: "Requerimento indeferido. O condutor recebeu o motivo por e-mail.",
  "vistoria-agendada": "Vistoria agendada; o condutor foi avisado por e-mail.",
  "vistoria-registrada": "Resultado da vistoria registrado.",
  emitido: "Requerimento aprovado e credenciais emitidas.",
};

type Props = {
  app: ReviewScreenData["app"];
  base: string;
  timeZone: string;
  /** The ?ok= of the URL: which action just succeeded. */
  ok: string | null;
  issued: boolean;
};

export function ReviewHeading({ app, base, timeZone, ok, issued }: Props) {
  return (
    <>
      <p className="bo-voltar">
        <Link to={`${base}/fila`}>← Fila de análise</Link>
      </p>
      <div className="bo-cabecalho">
        <h1>Requerimento {app.number}</h1>
        <span className={`selo ${APPLICATION_STATUS_TONE[app.status]}`}>{APPLICATION_STATUS_LABELS[app.status]}</span>
      </div>
      <p className="bo-sub">
        {CATEGORY_LABELS[app.category] ?? app.category} · {MODE_LABELS[app.mode] ?? app.mode}
        {app.kind === "RENEWAL" ? " · renovação" : ""}
        {app.submittedAt ? ` · enviado em ${formatInstant(app.submittedAt, timeZone)}` : ""} · pacote de regras v
        {app.packVersion}
      </p>

      {ok && OK_MESSAGES[ok] ? (
        <div className="aviso sucesso" role="status" id="aviso" tabIndex={-1}>
          {OK_MESSAGES[ok]}
          {ok === "emitido" && issued ? (
            <>
              {" "}
              <a href="#credenciais">Ver as credenciais emitidas</a>.
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Links to the parts of the page; the vistoria's only where the law asks for one. */
export function ReviewAnchors({ vistoria }: { vistoria: boolean }) {
  return (
    <nav aria-label="Partes do requerimento">
      <ul className="bo-ancoras">
        <li>
          <a href="#documentos">Documentos</a>
        </li>
        <li>
          <a href="#decisao">Decisão</a>
        </li>
        <li>
          <a href="#checklist-titulo">Checklist da lei</a>
        </li>
        {vistoria ? (
          <li>
            <a href="#vistoria">Vistoria</a>
          </li>
        ) : null}
        <li>
          <a href="#historico-titulo">Histórico</a>
        </li>
      </ul>
    </nav>
  );
}
