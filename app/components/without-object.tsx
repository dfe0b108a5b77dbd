// Requirements without object today (the DPVAT), shown with why, so no one looks for a paper that
// cannot be had (issue #29; ADR 056).
import type { WithoutObject } from "~/domain/rule-packs";

type WithoutObjectItem = Pick<WithoutObject, "type" | "label" | "citation" | "reason" | "basis">;

export function WithoutObjectList({
  items,
  heading = "Não é pedido",
}: {
  items: WithoutObjectItem[];
  heading?: string;
}) {
  if (!items.length) return null;
  return (
    <section className="cartao sem-objeto" aria-labelledby="sem-objeto-titulo">
      <h2 id="sem-objeto-titulo">{heading}</h2>
      <ul>
        {items.map((i) => (
          <li key={i.type}>
            <strong>{i.label}</strong> <span className="citacao">{i.citation}</span>
            <p>{i.reason}</p>
            <p className="dica">Base: {i.basis.join("; ")}.</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
