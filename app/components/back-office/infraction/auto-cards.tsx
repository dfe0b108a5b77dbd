// The read-only cards of an auto de infração: the fact as the fiscal wrote it, its classification
// and the penalty the law proposes, and where its process and deadlines stand.
import { Link } from "@remix-run/react";
import { dateBr } from "~/domain/credentials/labels";
import { INFRACTION_STATUS_LABELS } from "~/domain/infractions/labels";
import { when } from "~/components/back-office/labels";
import type { AutoPageData } from "./types";

type CardProps = { d: AutoPageData; base: string };

export function FactsCard({ d, base }: CardProps) {
  const a = d.auto;
  const p = d.proposal;
  return (
    <section className="cartao" aria-labelledby="auto-fatos">
      <h2 id="auto-fatos">O fato</h2>
      <dl className="bo-dados">
        <dt>Quando</dt>
        <dd>{when(a.occurredAt)}</dd>
        <dt>Onde</dt>
        <dd>{a.place ?? "—"}</dd>
        <dt>Credencial</dt>
        <dd>
          {a.credential ? (
            <>
              <Link to={`${base}/credenciais/${a.credential.id}`}>{a.credential.serial}</Link> — {a.credential.holder}
            </>
          ) : (
            "—"
          )}
        </dd>
        <dt>Infração</dt>
        <dd>
          {p.description} ({p.citation})
        </dd>
        {a.notes ? (
          <>
            <dt>Observações do fiscal</dt>
            <dd>{a.notes}</dd>
          </>
        ) : null}
      </dl>
      <h3>Fotos do fiscal</h3>
      {a.photos.length ? (
        <ul className="bo-fotos">
          {a.photos.map((f, n) => (
            <li key={f.id}>
              <a href={`${base}/autos/${a.id}/fotos/${f.id}`} target="_blank" rel="noreferrer">
                <img
                  src={`${base}/autos/${a.id}/fotos/${f.id}`}
                  alt={`Foto ${n + 1} do auto ${a.number}`}
                  loading="lazy"
                  width={160}
                />
              </a>
              <span className="dica">
                Foto {n + 1} · {f.sizeKb} KB · SHA-256 {f.sha256.slice(0, 12)}…
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dica">O fiscal não anexou fotos a este auto.</p>
      )}
    </section>
  );
}

export function ClassificationCard({ d, base }: CardProps) {
  const p = d.proposal;
  return (
    <section className="cartao" aria-labelledby="auto-classificacao">
      <h2 id="auto-classificacao">Classificação e penalidade proposta</h2>
      <p>
        {p.classLabel ? (
          <>
            Classe: <strong>{p.classLabel}</strong>.{" "}
          </>
        ) : (
          <>A lei fixa a penalidade da própria infração. </>
        )}
        {p.escalated ? (
          <>
            <strong>Reincidência</strong>: tratada como <strong>{p.appliedClassLabel}</strong>.
          </>
        ) : null}
      </p>
      {p.repeat ? (
        <p className="aviso atencao">
          Infração anterior em {dateBr(p.repeat.priorDate)}; esta ocorreu dentro da janela de reincidência, que ia até{" "}
          {dateBr(p.repeat.windowLastDay)} ({p.repeat.citation}).
        </p>
      ) : null}
      <p>
        Penalidade prevista: <strong>{p.penaltyText}</strong> ({p.penaltyCitation}).
      </p>
      {d.reclassification ? (
        <p className="dica">
          {d.reclassification.note} ({d.reclassification.citation})
        </p>
      ) : null}
      {d.processNote ? (
        <p className="dica">
          {d.processNote.note} ({d.processNote.citation})
        </p>
      ) : null}
      {d.priors.length ? (
        <>
          <h3>Infrações anteriores do mesmo autuado</h3>
          {!d.repeatRule ? (
            <p className="dica">A lei deste município não agrava a penalidade por reincidência.</p>
          ) : null}
          <ul>
            {d.priors.map((r) => (
              <li key={r.id}>
                <Link to={`${base}/autos/${r.id}`}>{r.number}</Link> — {when(r.occurredAt)} —{" "}
                {INFRACTION_STATUS_LABELS[r.status] ?? r.status}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="dica">Nenhuma infração anterior do mesmo autuado.</p>
      )}
    </section>
  );
}

export function ProcessCard({ d, base }: CardProps) {
  const a = d.auto;
  const ruling = d.process.appealRuling;
  return (
    <section className="cartao" aria-labelledby="auto-prazos">
      <h2 id="auto-prazos">Processo e prazos</h2>
      <dl className="bo-dados">
        <dt>Notificação</dt>
        <dd>{d.process.notifiedOn ? dateBr(d.process.notifiedOn) : "ainda não notificado"}</dd>
        <dt>Prazo de defesa</dt>
        <dd>
          {a.defenceDeadline
            ? `até ${dateBr(a.defenceDeadline)}${a.defenceDeadline < d.today ? " (encerrado)" : ""}`
            : "—"}
        </dd>
        <dt>Defesa</dt>
        <dd>{d.process.defence ? `${dateBr(d.process.defence.receivedOn)}: ${d.process.defence.summary}` : "—"}</dd>
        <dt>Decisão</dt>
        <dd>
          {d.process.decision
            ? `${d.process.decision.summary}${d.process.decision.reason ? ` — ${d.process.decision.reason}` : ""}`
            : "—"}
        </dd>
        <dt>Prazo de recurso</dt>
        <dd>
          {a.appealDeadline
            ? `até ${dateBr(a.appealDeadline)}${d.appealRule ? ` (${d.appealRule.citation})` : ""}`
            : d.appealRule
              ? `${d.appealRule.within === "P8D" ? "8 dias" : d.appealRule.within} da notificação da decisão (${d.appealRule.citation})`
              : "a lei municipal não fixa; informe-o na decisão"}
        </dd>
        <dt>Recurso</dt>
        <dd>{d.process.appeal ? `${dateBr(d.process.appeal.receivedOn)}: ${d.process.appeal.summary}` : "—"}</dd>
        <dt>Julgamento do recurso</dt>
        <dd>
          {ruling
            ? `${dateBr(ruling.decidedOn)}: ${ruling.outcome === "GRANTED" ? "deferido — penalidade anulada, auto arquivado" : "indeferido — penalidade mantida em definitivo"} — ${ruling.reason}`
            : d.process.appeal
              ? "aguardando julgamento"
              : "—"}
        </dd>
      </dl>
      {ruling?.credential ? (
        <p className={`aviso ${ruling.credential.action === "REVIEW" ? "atencao" : "sucesso"}`}>
          Credencial <Link to={`${base}/credenciais/${ruling.credential.id}`}>{ruling.credential.serial}</Link>.{" "}
          {ruling.credential.detail}
          {ruling.credential.action === "REVIEW" ? (
            <>
              {" "}
              <Link to={`${base}/credenciais/${ruling.credential.id}`}>Abrir a credencial para agir</Link>.
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
