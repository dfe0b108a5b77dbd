import { Link } from "@remix-run/react";
import { formatDate, formatDays } from "~/domain/format";

export type DueItem = {
  duty: string;
  label: string;
  citation: string;
  sanction: string | null;
  periodStart: string;
  periodEnd: string;
  dueOn: string | null;
  state: "FILED" | "DUE" | "OVERDUE" | "ON_REQUEST";
  requested: boolean;
  daysLeft: number | null;
};

/** How a report's term stands, in words and a coloured tag: shown in advance, flagged when late. */
export function DueTag({ item }: { item: DueItem }) {
  if (item.state === "FILED") return <span className="selo ok">Entregue</span>;
  if (item.state === "ON_REQUEST") return <span className="selo pendente">Quando solicitado</span>;
  if (item.state === "OVERDUE")
    return <span className="selo falha">Atrasado — vencia em {formatDate(item.dueOn!)}</span>;
  const days = item.daysLeft ?? 0;
  return (
    <span className={`selo ${days <= 7 ? "pendente" : "ok"}`}>
      Entregar até {formatDate(item.dueOn!)}
      {days === 0 ? " (hoje)" : ` (faltam ${formatDays(days)})`}
    </span>
  );
}

export const periodText = (i: DueItem) =>
  i.state === "ON_REQUEST"
    ? "sem prazo fixado na lei"
    : i.requested
      ? "solicitado pela prefeitura"
      : i.periodStart === i.periodEnd
        ? formatDate(i.periodStart)
        : `${formatDate(i.periodStart)} a ${formatDate(i.periodEnd)}`;

export function DueList({ items, reportsUrl }: { items: DueItem[]; reportsUrl?: string }) {
  if (!items.length) return null;
  return (
    <ul className="op-lista">
      {items.map((i) => (
        <li key={`${i.duty}-${i.periodStart}-${i.requested}`}>
          <strong>{i.label}</strong> — {periodText(i)} <DueTag item={i} />
          <span className="citacao">
            {i.citation}
            {i.sanction ? ` · sanção: ${i.sanction}` : ""}
            {reportsUrl ? (
              <>
                {" "}
                · <Link to={reportsUrl}>ir aos relatórios</Link>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
