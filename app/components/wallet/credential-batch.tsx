// One card of "Minhas credenciais": credentials issued together; "Renovar" only inside the renewal
// window (ADR 028).
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS, VERDICT_LABELS } from "~/domain/credentials/labels";
import type { PenaltyNoticeView } from "~/domain/credentials/penalty-notice";
import { RENEWAL_WINDOW_DAYS } from "~/domain/credentials/renewal-window";
import type { Verdict } from "~/domain/credentials/status";
import { formatDate } from "~/domain/format";
import { PenaltyNotice } from "./penalty-notice";
import { walletPath } from "./use-wallet-offline";

type BatchItem = {
  id: string;
  code: string;
  type: string;
  category: string;
  validFrom: string;
  validUntil: string;
  verdict: Verdict;
  checkedThisWeek: number;
  /** Suspended or revoked: why, until when, how to appeal. */
  notice: PenaltyNoticeView | null;
};

export type BatchView = {
  key: string;
  category: string;
  municipality: string;
  items: Array<BatchItem & { serial: string; status: string; daysLeft: number; today: string }>;
  /** The credential "Abrir no celular" opens, if any is still worth showing. */
  walletId: string | null;
  /** Renewal: open (opensOn null), opening on a date, or none (suspended, revoked, superseded). */
  renewal: { id: string; opensOn: string | null } | null;
};

const typeLabel = (type: string) => CREDENTIAL_TYPE_LABELS[type] ?? type;

function Item({ c }: { c: BatchItem }) {
  const tone = c.verdict === "VALID" ? "ok" : c.verdict === "SUPERSEDED" ? "pendente" : "falha";
  return (
    <li>
      <section aria-labelledby={`cred-${c.id}`}>
        <h3 id={`cred-${c.id}`}>
          {typeLabel(c.type)} — {CATEGORY_LABELS[c.category] ?? c.category}
        </h3>
        <p>
          <span className={`selo ${tone}`}>{VERDICT_LABELS[c.verdict].label}</span>
        </p>
        <dl>
          <dt>Código</dt>
          <dd>{c.code}</dd>
          <dt>Validade</dt>
          <dd>
            {formatDate(c.validFrom)} a {formatDate(c.validUntil)}
          </dd>
        </dl>
        {c.notice ? <PenaltyNotice notice={c.notice} id={`situacao-${c.id}`} /> : null}
        <p className="dica">
          {c.checkedThisWeek === 0
            ? "Ninguém verificou esta credencial nesta semana."
            : `Verificada ${c.checkedThisWeek} ${c.checkedThisWeek === 1 ? "vez" : "vezes"} nesta semana.`}
        </p>
        <a className="botao secundario" href={`/credenciais/${c.id}/pdf`} download>
          Baixar {typeLabel(c.type).toLowerCase()} (PDF)
        </a>
      </section>
    </li>
  );
}

export function CredentialBatch({ batch }: { batch: BatchView }) {
  const headingId = `lote-${batch.key}`;
  return (
    <section className="cartao credenciais-lote" aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: "1.15rem" }}>
        {CATEGORY_LABELS[batch.category] ?? batch.category} — {batch.municipality}
      </h2>
      {batch.walletId ? (
        <div className="acoes">
          <a className="botao" href={walletPath(batch.walletId)}>
            Abrir no celular
          </a>
        </div>
      ) : null}
      <ul className="credenciais-itens">
        {batch.items.map((c) => (
          <Item key={c.id} c={c} />
        ))}
      </ul>
      <p className="aviso credenciais-impressao">
        Para imprimir: use papel A4 e imprima em tamanho real (100{"\u00a0"}%), sem “Ajustar à página”; depois recorte
        na linha.
      </p>
      {batch.renewal?.opensOn ? (
        <p className="dica">
          A renovação abre em {formatDate(batch.renewal.opensOn)}, {RENEWAL_WINDOW_DAYS} dias antes do vencimento.
        </p>
      ) : batch.renewal ? (
        <Form method="post" action={`/credenciais/${batch.renewal.id}/renovar`}>
          <CsrfInput />
          <button type="submit" className="botao secundario">
            Renovar
          </button>
        </Form>
      ) : null}
    </section>
  );
}
