// What a renewal carried over and asks again, and how the new validity counts (ADR 057).
import type { RenewalOutcome } from "~/domain/eligibility";
import { formatDate } from "~/domain/format";

type RenewalCredential = {
  label: string;
  validFrom: string;
  validUntil: string | null;
  renewal?: { counts: string; basis: string; note: string; citation?: string; previousUntil?: string };
};

export function RenewalSummary({
  renewal,
  credentials = [],
  headingLevel = 2,
}: {
  renewal: RenewalOutcome | null | undefined;
  credentials?: RenewalCredential[];
  headingLevel?: 2 | 3;
}) {
  if (!renewal) return null;
  const H = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as "h3" | "h4";
  return (
    <section className="cartao" aria-labelledby="renovacao-titulo">
      <H id="renovacao-titulo">Renovação</H>
      {credentials.map((c) =>
        c.validUntil && c.renewal?.previousUntil ? (
          <p key={c.label}>
            {c.label}: a atual vale até {formatDate(c.renewal.previousUntil)}; a nova valerá de{" "}
            {formatDate(c.validFrom)} até {formatDate(c.validUntil)}.{" "}
            <small>
              {c.renewal.note}
              {c.renewal.citation ? ` (${c.renewal.citation})` : ""}
            </small>
          </p>
        ) : null,
      )}
      <Sub>Pedidos de novo</Sub>
      {renewal.asked.length ? (
        <ul aria-label="Documentos pedidos de novo">
          {renewal.asked.map((a) => (
            <li key={a.type}>
              <strong>{a.label}</strong>: {a.message} <small>({a.citation})</small>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nenhum documento anterior precisa ser enviado de novo.</p>
      )}
      <Sub>Aproveitados da credencial anterior</Sub>
      {renewal.carried.length ? (
        <ul aria-label="Documentos aproveitados">
          {renewal.carried.map((c) => (
            <li key={c.type}>
              {c.label} — {c.until ? `vale até ${formatDate(c.until)}` : "sem prazo de validade"}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nenhum documento anterior foi aproveitado.</p>
      )}
    </section>
  );
}
