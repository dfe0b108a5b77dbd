// The staff landing's infraction terms: autos waiting at each step and the nearest term ending.
import { Link } from "@remix-run/react";
import { formatDate, formatNumber } from "~/domain/format";
import type { InfractionTerm } from "~/models/review-workload.server";
import { waitingLabel } from "./labels";

const TERM_LABELS: Record<InfractionTerm["key"], string> = {
  notificar: "Autos a notificar",
  defesa: "Em prazo de defesa",
  julgar: "Prazo de defesa encerrado, a julgar",
  recurso: "Em prazo de recurso",
  recursos: "Recursos a julgar",
};

function termLine(t: InfractionTerm): string | null {
  if (!t.count) return null;
  if (t.key === "defesa" && t.nextDeadline)
    return `O próximo prazo de defesa termina em ${formatDate(t.nextDeadline)}.`;
  if (t.key === "julgar" && t.nextDeadline)
    return `O prazo de defesa mais antigo terminou em ${formatDate(t.nextDeadline)}.`;
  if (t.key === "recurso" && t.nextDeadline)
    return `O próximo prazo de recurso termina em ${formatDate(t.nextDeadline)}${t.citation ? ` (${t.citation})` : ""}.`;
  if (t.oldestDays !== null)
    return t.oldestDays > 0 ? `O mais antigo espera há ${waitingLabel(t.oldestDays)}.` : "O mais antigo é de hoje.";
  return null;
}

export function InfractionTermList({ terms, autosUrl }: { terms: InfractionTerm[]; autosUrl: string }) {
  return (
    <section aria-labelledby="prazos-titulo" className="bo-carga">
      <h2 id="prazos-titulo">Autos de infração e seus prazos</h2>
      <ul className="bo-carga-lista">
        {terms.map((t) => (
          <li key={t.key} className="cartao">
            <h3>
              <Link to={`${autosUrl}?situacao=${t.status}`}>
                {TERM_LABELS[t.key]}: <strong>{formatNumber(t.count)}</strong>
              </Link>
            </h3>
            {termLine(t) ? <p>{termLine(t)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
