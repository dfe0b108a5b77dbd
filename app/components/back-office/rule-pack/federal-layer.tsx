// The federal layer under a town's pack (issue #30: the rules page "with the federal layer too"):
// every rule of Lei 12.009, the CTB, Res. Contran 943 and Lei 12.587 that applies to a service the
// town offers, with what happens to it there — the federal rule applies where the town's law is
// silent or weaker, the town's where it is stricter, both where they ask the same. Built from
// layeredRules (the engine's own merge), so the page shows what evaluation does.
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatDuration } from "~/domain/format";
import { federalBr, type RulePack } from "~/domain/rule-packs";
import { type Layer, layeredRules } from "~/domain/rule-packs/compose";
import { MODE_LABELS } from "../labels";
import { documentText, ruleText } from "../pack-text";

export type FederalRow = {
  section: string;
  /** The rule that applies in the town, in words. */
  text: string;
  /** The federal provision(s) behind it. */
  federal: string;
  /** What the town's law does beside it. */
  how: string;
  /** The services it applies to: "Mototáxi — Autônomo". */
  who: string[];
};

const isFederal = (citation: string) => federalBr.acts.some((a) => citation.startsWith(a.label));

type Kind = "ONLY_FEDERAL" | "FEDERAL_STRICTER" | "SAME" | "MUNICIPAL_STRICTER";
type Relation = { federal: string; kind: Kind; municipal: string[] };

/** What a merged rule's layer means for the town: which federal provision, and the town's beside it. */
function relation(rule: Layer & { citation: string }): Relation | null {
  if (rule.layer === "FEDERAL")
    return rule.stricterThan.length
      ? { federal: rule.citation, kind: "FEDERAL_STRICTER", municipal: rule.stricterThan }
      : { federal: rule.citation, kind: "ONLY_FEDERAL", municipal: [] };
  const federalAlso = rule.alsoRequiredBy.filter(isFederal);
  if (federalAlso.length) return { federal: federalAlso.join("; "), kind: "SAME", municipal: [rule.citation] };
  const federalWeaker = rule.stricterThan.filter(isFederal);
  if (federalWeaker.length)
    return { federal: federalWeaker.join("; "), kind: "MUNICIPAL_STRICTER", municipal: [rule.citation] };
  return null;
}

const HOW: Record<Kind, (municipal: string) => string> = {
  ONLY_FEDERAL: () => "A lei municipal não trata disto: vale a federal.",
  FEDERAL_STRICTER: (m) => `Mais exigente que a lei municipal (${m}): vale a federal.`,
  SAME: (m) => `A lei municipal pede o mesmo (${m}).`,
  MUNICIPAL_STRICTER: (m) => `A lei municipal é mais exigente (${m}): vale ela.`,
};

const SECTIONS = ["Condutor", "Veículo", "Documentos", "Vistoria", "Em serviço"];

/**
 * Every federal rule that applies to a service the town offers, once, with the services it applies
 * to and the town's provisions beside it (one row whether the town cites it once or per mode).
 */
export function federalLayerRows(pack: RulePack): FederalRow[] {
  const rows = new Map<string, Omit<FederalRow, "how"> & { kind: Kind; municipal: string[] }>();
  const add = (section: string, text: string, r: Relation | null, who: string) => {
    if (!r) return;
    const key = [section, text, r.federal, r.kind].join("|");
    const row = rows.get(key) ?? { section, text, federal: r.federal, kind: r.kind, municipal: [], who: [] };
    for (const m of r.municipal) if (!row.municipal.includes(m)) row.municipal.push(m);
    if (!row.who.includes(who)) row.who.push(who);
    rows.set(key, row);
  };
  for (const c of pack.categories)
    for (const { mode } of c.modes) {
      const who = `${CATEGORY_LABELS[c.code] ?? c.code} — ${MODE_LABELS[mode] ?? mode}`;
      const layered = layeredRules(pack, c.code, mode);
      for (const r of layered.personRules) add("Condutor", ruleText(r), relation(r), who);
      for (const r of layered.vehicleRules) add("Veículo", ruleText(r), relation(r), who);
      for (const d of layered.documents) add("Documentos", documentText(d), relation(d), who);
      const v = layered.vistoria;
      if (v) {
        add(
          "Vistoria",
          `Vistoria a cada ${formatDuration(v.period)}.`,
          relation({ ...v, citation: v.periodCitation }),
          who,
        );
        for (const i of v.items)
          add("Vistoria", `Item da vistoria: ${i.label}.`, relation({ ...i, stricterThan: [] }), who);
      }
      for (const s of layered.serviceRequirements)
        add(
          "Em serviço",
          `${s.label}.`,
          isFederal(s.citation)
            ? { federal: s.citation, kind: "ONLY_FEDERAL", municipal: [] }
            : relation({ ...s, layer: "BOTH", stricterThan: [] }),
          who,
        );
    }
  return [...rows.values()]
    .sort((a, b) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section))
    .map(({ kind, municipal, ...row }) => ({ ...row, how: HOW[kind](municipal.join("; ")) }));
}

/** The federal layer as a table, one row per rule, grouped by what it is about. */
export function FederalLayer({ rows }: { rows: FederalRow[] }) {
  return (
    <section id="camada-federal" aria-labelledby="camada-federal-titulo">
      <h2 id="camada-federal-titulo">A camada federal</h2>
      <p className="dica">
        O que as leis federais (Lei 12.009/2009, Código de Trânsito, Resolução Contran 943/2022, Lei 12.587/2012) pedem
        aos serviços deste município, e o que acontece com cada regra aqui: vale a mais exigente. A avaliação dos
        requerimentos usa exatamente esta combinação.
      </p>
      {rows.length ? (
        <div className="tabela-rolagem">
          <table className="tabela-responsiva bo-tabela">
            <thead>
              <tr>
                <th scope="col">Regra que vale</th>
                <th scope="col">Lei federal</th>
                <th scope="col">Aqui</th>
                <th scope="col">Para quem</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={[r.section, r.text, r.federal, r.how].join("|")}>
                  <td data-label="Regra que vale">
                    <span className="dica">{r.section}: </span>
                    {r.text}
                  </td>
                  <td data-label="Lei federal">{r.federal}</td>
                  <td data-label="Aqui">{r.how}</td>
                  <td data-label="Para quem">{r.who.join("; ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Nenhuma regra federal se aplica aos serviços deste município.</p>
      )}
    </section>
  );
}
