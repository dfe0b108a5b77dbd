import { formatDateTime } from "~/domain/format";
import type { NoticeState } from "~/models/notice.server";

type Notice = {
  state: NoticeState;
  left: string | null;
  eventAt: string;
  dueAt: string;
  filedAt: string | null;
  noTerm: boolean;
  immediate: boolean;
};

/** A notice's deadline as the operator (and the city) read it: the clock while open, on time or late once filed. */
export function NoticeClock({ notice: n }: { notice: Notice }) {
  const tag =
    n.state === "FILED_ON_TIME" ? (
      <span className="selo ok">Comunicado no prazo</span>
    ) : n.state === "FILED_LATE" ? (
      <span className="selo falha">Comunicado fora do prazo</span>
    ) : n.state === "OVERDUE" ? (
      <span className="selo falha op-relogio">Prazo vencido há {n.left}</span>
    ) : (
      <span className="selo pendente op-relogio">
        {n.noTerm ? "A comunicar (sem prazo na lei)" : `Faltam ${n.left}`}
      </span>
    );
  return (
    <p>
      {tag} Fato em {formatDateTime(n.eventAt)}
      {n.noTerm ? "" : n.immediate ? " · comunicação imediata" : ` · prazo até ${formatDateTime(n.dueAt)}`}
      {n.filedAt ? ` · comunicado em ${formatDateTime(n.filedAt)}` : ""}
    </p>
  );
}
