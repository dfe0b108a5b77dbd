// Written notice to daily fine, and removal after repeated notices, where the pack says so (Jardim,
// Lei 904/1997, arts. 27 and 29).
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { formatBrl, formatCount, formatDateTime, formatDays } from "~/domain/format";
import type { InfractionAction } from "~/domain/infractions/status";
import type { InfractionPageData } from "./types";

const brl = (n: number | null) => (n === null ? "valor do salário mínimo não definido pelo gestor" : formatBrl(n));

type Props = {
  d: InfractionPageData & { notice: NonNullable<InfractionPageData["notice"]> };
  allowed: readonly InfractionAction[];
};

export function NoticeCard({ d, allowed }: Props) {
  return (
    <section
      className={`cartao ${d.notice.state === "DAILY_FINE" ? "bo-perigo" : ""}`}
      aria-labelledby="auto-notificacao"
    >
      <h2 id="auto-notificacao">Notificação escrita</h2>
      <p>
        Emitida em {formatDateTime(d.notice.issuedAt)}; corrigir até{" "}
        <strong>{formatDateTime(d.notice.remedyBy)}</strong> ({d.notice.citation}).
      </p>
      {d.notice.state === "OPEN" ? <p className="aviso atencao">No prazo: ainda não atendida.</p> : null}
      {d.notice.state === "REMEDIED" ? (
        <p className="aviso sucesso">Atendida em {formatDateTime(d.notice.remediedAt!)}.</p>
      ) : null}
      {d.notice.state === "DAILY_FINE" ? (
        <p className="aviso erro">
          Não atendida no prazo: <strong>multa diária</strong> de {Math.round(d.notice.dailyFineFraction * 100)}% do
          salário mínimo ({brl(d.notice.dailyFineBrl)} por dia) — {formatDays(d.notice.fineDays)}, total{" "}
          {brl(d.notice.totalFineBrl)}
          {d.notice.remediedAt ? `, até a correção em ${formatDateTime(d.notice.remediedAt)}` : " até agora"}.
        </p>
      ) : null}
      {d.process.dailyFine ? (
        <p>
          Multa diária aplicada em {formatDateTime(d.process.dailyFine.asOf)}: {formatDays(d.process.dailyFine.days)},{" "}
          {brl(d.process.dailyFine.totalBrl)}.
        </p>
      ) : null}
      {allowed.includes("remedy") || allowed.includes("daily_fine") ? (
        <Form method="post" className="bo-botoes">
          <CsrfInput />
          {!d.notice.remediedAt && allowed.includes("remedy") ? (
            <button type="submit" name="intent" value="remedy" className="botao pequeno secundario">
              Registrar que foi corrigido
            </button>
          ) : null}
          {d.notice.state === "DAILY_FINE" && allowed.includes("daily_fine") ? (
            <button type="submit" name="intent" value="daily_fine" className="botao pequeno perigo">
              Aplicar a multa diária ({formatDays(d.notice.fineDays)})
            </button>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}

export function RemovalCard({
  d,
  allowed,
}: {
  d: InfractionPageData & { removal: NonNullable<InfractionPageData["removal"]> };
  allowed: readonly InfractionAction[];
}) {
  return (
    <section className="cartao" aria-labelledby="auto-afastamento">
      <h2 id="auto-afastamento">Afastamento do condutor</h2>
      <p>
        {formatCount(d.removal.notices, "notificação", "notificações")} deste autuado; o afastamento pode ser pedido a
        partir da {d.removal.threshold}ª ({d.removal.citation}).
      </p>
      {d.removal.mayRequestRemoval && allowed.includes("removal") && !d.process.removal ? (
        <Form method="post">
          <CsrfInput />
          <button type="submit" name="intent" value="removal" className="botao perigo">
            Afastar o condutor (suspender a credencial)
          </button>
        </Form>
      ) : null}
      {d.process.removal ? (
        <p className="aviso sucesso">Afastamento aplicado em {formatDateTime(d.process.removal.at)}.</p>
      ) : null}
    </section>
  );
}
