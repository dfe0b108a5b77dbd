import { formatInstant } from "~/domain/format";
// One timeline for every history; entries come already worded (./back-office/describe-history.ts).

export type TimelineEntry = {
  key: string;
  at: string;
  who: string;
  role?: string | null;
  title: string;
  detail?: string | null;
  tone?: "ok" | "pendente" | "falha" | null;
};

/** Oldest first, as a history reads; `newestFirst` for long ones where the latest matters most. */
export function Timeline({
  entries,
  label,
  newestFirst = false,
  empty = "Nada registrado ainda.",
  timeZone,
}: {
  entries: TimelineEntry[];
  label: string;
  newestFirst?: boolean;
  empty?: string;
  /** The municipality's IANA zone: every entry is shown on its clock, not the server's nor Brasília's. */
  timeZone: string;
}) {
  if (!entries.length) return <p className="dica">{empty}</p>;
  const list = newestFirst ? [...entries].reverse() : entries;
  return (
    <ol className="linha-do-tempo" aria-label={label}>
      {list.map((e) => (
        <li key={e.key} className={e.tone ? `marco-${e.tone}` : undefined}>
          <p className="linha-do-tempo-cabeca">
            <time dateTime={e.at}>{formatInstant(e.at, timeZone)}</time>
            <span className="linha-do-tempo-quem">
              {e.who}
              {e.role ? ` (${e.role})` : ""}
            </span>
          </p>
          <p className="linha-do-tempo-titulo">{e.title}</p>
          {e.detail ? <p className="linha-do-tempo-detalhe">{e.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
