import type { LinkDescriptor } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { govbrSheet } from "~/styles/govbr";
import wizardStyles from "./wizard.css";

type Step = { key: string; label: string; done: boolean };
type Open = {
  failing: { id: string; message: string; citation: string }[];
  pending: { id: string; message: string; citation: string }[];
  documents: { type: string; label: string; status: string; citation: string; reason: string | null }[];
};

const DOC_STATUS: Record<string, string> = {
  MISSING: "falta enviar",
  REJECTED: "recusado — envie de novo",
  EXPIRED: "vencido — envie um atual",
  EXPIRING: "vence em breve",
};

/** The stylesheets every page drawn in the frame links: the DS step indicator and its phone fit. */
export const wizardLinks = (): LinkDescriptor[] => [govbrSheet("step"), { rel: "stylesheet", href: wizardStyles }];

/** The wizard's progress indicator, the page, and the live "what is missing" list beside it. */
export function WizardFrame({
  appId,
  number,
  title,
  steps,
  current,
  open,
  children,
}: {
  appId: string;
  number: string;
  title: string;
  steps: Step[];
  current: string;
  open: Open;
  children: ReactNode;
}) {
  const index = steps.findIndex((s) => s.key === current);
  const total = open.failing.length + open.pending.length + open.documents.length;
  return (
    <>
      <p className="dica">
        <Link to={`/requerimentos/${appId}`}>Requerimento {number}</Link>
      </p>
      <h1>{title}</h1>
      {/* The gov.br DS step indicator (br-step, labels below), drawn with links so that it needs no script. */}
      <nav aria-label="Etapas do requerimento" className="br-step passos" data-label="bottom">
        <p className="dica passos-resumo">
          Etapa {index + 1} de {steps.length}
        </p>
        <div className="step-progress">
          {steps.map((s, i) => (
            <Link
              key={s.key}
              to={`/requerimentos/${appId}/${s.key}`}
              className={`step-progress-btn${s.key === current ? " active" : ""}`}
              step-num={String(i + 1)}
              data-alert={s.done ? "success" : undefined}
              aria-current={s.key === current ? "step" : undefined}
            >
              <span className="step-info">
                {s.label}
                {s.done ? <span className="visualmente-oculto"> (completa)</span> : null}
              </span>
            </Link>
          ))}
        </div>
      </nav>
      <div className="assistente">
        <div>{children}</div>
        <aside className="cartao pendencias" aria-labelledby="pendencias-titulo">
          <h2 id="pendencias-titulo">{total === 0 ? "Nada pendente" : `O que falta (${total})`}</h2>
          {total === 0 ? <p>Tudo o que a lei pede foi informado. Confira e envie.</p> : null}
          <ul>
            {open.failing.map((c) => (
              <li key={c.id} className="falha">
                <strong>Não atende:</strong> {c.message} <span className="citacao">{c.citation}</span>
              </li>
            ))}
            {open.pending.map((c) => (
              <li key={c.id}>
                {c.message} <span className="citacao">{c.citation}</span>
              </li>
            ))}
            {open.documents.map((d) => (
              <li key={d.type} className={d.status === "REJECTED" || d.status === "EXPIRED" ? "falha" : undefined}>
                {d.label}: {DOC_STATUS[d.status] ?? d.status}
                {d.reason ? ` (${d.reason})` : ""} <span className="citacao">{d.citation}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
