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

/** "YYYY-MM-DDTHH:mm" → "DD/MM/AAAA às HH:mm" */
export const civilBr = (s: string) => `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} às ${s.slice(11, 16)}`;

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
      {tag} Fato em {civilBr(n.eventAt)}
      {n.noTerm ? "" : n.immediate ? " · comunicação imediata" : ` · prazo até ${civilBr(n.dueAt)}`}
      {n.filedAt ? ` · comunicado em ${civilBr(n.filedAt)}` : ""}
    </p>
  );
}
