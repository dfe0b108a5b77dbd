// The read-only cards of an auto: the fact, its classification and penalty, and its process.
import { Link } from "@remix-run/react";
import { formatDate, formatInstant } from "~/domain/format";
import { INFRACTION_STATUS_LABELS } from "~/domain/infractions/labels";
import type { InfractionPageData } from "./types";

type CardProps = { d: InfractionPageData; base: string };

export function FactsCard({ d, base }: CardProps) {
  const a = d.auto;
  const p = d.proposal;
  return (
    <section className="cartao" aria-labelledby="auto-fatos">
      <h2 id="auto-fatos">O fato</h2>
      <dl className="bo-dados">
        <dt>Quando</dt>
        <dd>{formatInstant(a.occurredAt, d.timeZone)}</dd>
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
          Infração anterior em {formatDate(p.repeat.priorDate)}; esta ocorreu dentro da janela de reincidência, que ia
          até {formatDate(p.repeat.windowLastDay)} ({p.repeat.citation}).
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
                <Link to={`${base}/autos/${r.id}`}>{r.number}</Link> — {formatInstant(r.occurredAt, d.timeZone)} —{" "}
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
        <dd>{d.process.notifiedOn ? formatDate(d.process.notifiedOn) : "ainda não notificado"}</dd>
        <dt>Prazo de defesa</dt>
        <dd>
          {a.defenceDeadline
            ? `até ${formatDate(a.defenceDeadline)}${a.defenceDeadline < d.today ? " (encerrado)" : ""}`
            : "—"}
        </dd>
        <dt>Defesa</dt>
        <dd>{d.process.defence ? `${formatDate(d.process.defence.receivedOn)}: ${d.process.defence.summary}` : "—"}</dd>
        <dt>Decisão</dt>
        <dd>
          {d.process.decision
            ? `${d.process.decision.summary}${d.process.decision.reason ? ` — ${d.process.decision.reason}` : ""}`
            : "—"}
        </dd>
        <dt>Prazo de recurso</dt>
        <dd>
          {a.appealDeadline
            ? `até ${formatDate(a.appealDeadline)}${d.appealRule ? ` (${d.appealRule.citation})` : ""}`
            : d.appealRule
              ? `${d.appealRule.within === "P8D" ? "8 dias" : d.appealRule.within} da notificação da decisão (${d.appealRule.citation})`
              : "a lei municipal não fixa; informe-o na decisão"}
        </dd>
        <dt>Recurso</dt>
        <dd>{d.process.appeal ? `${formatDate(d.process.appeal.receivedOn)}: ${d.process.appeal.summary}` : "—"}</dd>
        <dt>Julgamento do recurso</dt>
        <dd>
          {ruling
            ? `${formatDate(ruling.decidedOn)}: ${ruling.outcome === "GRANTED" ? "deferido — penalidade anulada, auto arquivado" : "indeferido — penalidade mantida em definitivo"} — ${ruling.reason}`
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
