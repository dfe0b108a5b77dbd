// The draft's rules one by one, in words (issue #30's editor): each with whom it applies to, its
// citation, and "Retirar" — so an included proposal is discarded without touching the JSON. An entry
// typed by hand that does not read as a rule of its list still shows, as such, and can be taken out.
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatDuration } from "~/domain/format";
import { zAppliesTo } from "~/domain/rule-packs";
import { draftEntries, type DraftEntry, type RuleList } from "~/domain/rule-packs/draft-entries";
import { zOperatorRule, zPersonRule, zVehicleRule } from "~/domain/rule-packs/schema";
import { appliesText, documentText, ruleText } from "../pack-text";
import { RowAction } from "./draft";

type Doc = Record<string, unknown>;
export type DraftRuleRow = { list: RuleList; index: number; key: string; text: string; who: string; citation: string };

const TITLES: Record<RuleList, string> = {
  personRules: "Do condutor",
  vehicleRules: "Do veículo",
  operatorRules: "Da operadora",
  documents: "Documentos",
  credentials: "Credenciais",
  vistorias: "Vistoria",
  quotas: "Vagas",
  fees: "Taxas",
  serviceRequirements: "Em serviço",
  deadlines: "Prazos",
  "identificationCard.cards": "Crachá",
  "infractions.catalogue": "Infrações",
};

const str = (v: unknown) => (typeof v === "string" ? v : "");
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const SCHEMAS = { personRules: zPersonRule, vehicleRules: zVehicleRule, operatorRules: zOperatorRule } as const;

/** An entry in a sentence, as far as it reads as one of its list. */
function entryText(list: RuleList, e: Doc): string | null {
  if (list === "personRules" || list === "vehicleRules" || list === "operatorRules") {
    const rule = SCHEMAS[list].safeParse(e);
    return rule.success ? ruleText(rule.data) : null;
  }
  const validity = e.validity && typeof e.validity === "object" ? (e.validity as Doc) : null;
  switch (list) {
    case "documents":
      return str(e.label) && validity
        ? documentText({
            label: str(e.label),
            validity: {
              kind: str(validity.kind),
              duration: str(validity.duration),
              parameter: str(validity.parameter),
            },
          })
        : null;
    case "credentials":
      return str(e.label)
        ? `${str(e.label)}, ${
            validity?.kind === "DURATION"
              ? `válido(a) por ${formatDuration(str(validity.duration))}`
              : validity?.kind === "UNTIL_NEXT_VISTORIA"
                ? "válido(a) até a próxima vistoria"
                : "sem validade fixada"
          }${e.issuedOn === "VISTORIA" ? ", emitido(a) quando a vistoria passa" : ""}.`
        : null;
    case "vistorias":
      return str(e.period)
        ? `Vistoria a cada ${formatDuration(str(e.period))}; ${
            count(e.items) ? `${count(e.items)} itens da lei municipal` : "itens da camada federal"
          }.`
        : null;
    case "quotas": {
      const categories = Array.isArray(e.categories) ? e.categories.map((c) => CATEGORY_LABELS[String(c)] ?? c) : [];
      return typeof e.inhabitantsPerUnit === "number"
        ? `Uma vaga para cada ${e.inhabitantsPerUnit.toLocaleString("pt-BR")} habitantes (${categories.join(", ")}).`
        : null;
    }
    case "fees":
      return str(e.label) ? `${str(e.label)}: ${String(e.amount ?? "?")} ${str(e.unit)}.` : null;
    case "identificationCard.cards":
      return str(e.label) ? `${str(e.label)}, com ${count(e.fields)} campos.` : null;
    case "infractions.catalogue":
      return str(e.code) ? `${str(e.code)} — ${str(e.description)}` : null;
    default:
      return str(e.label) || null;
  }
}

/** The draft's rules as the page lists them, each in words. */
export function draftRuleRows(doc: Doc | null): DraftRuleRow[] {
  return draftEntries(doc).map(({ list, index, key, entry }: DraftEntry) => {
    const scope = zAppliesTo.safeParse(entry.appliesTo);
    return {
      list,
      index,
      key,
      text: entryText(list, entry) ?? `Regra “${key || index + 1}”, escrita no texto (confira os problemas abaixo).`,
      who: entry.appliesTo === undefined ? "todos" : scope.success ? appliesText(scope.data) : "—",
      citation: str(entry.citation) || str(entry.periodCitation),
    };
  });
}

/** The draft's rules, list by list, each with "Retirar". */
export function DraftRules({ draftId, rows }: { draftId: string; rows: DraftRuleRow[] }) {
  if (!rows.length) return null;
  const lists = [...new Set(rows.map((r) => r.list))];
  return (
    <section className="cartao" aria-labelledby="regras-rascunho-titulo">
      <h2 id="regras-rascunho-titulo">Regras do rascunho</h2>
      <p className="dica">
        Cada regra que o rascunho tem, em palavras, com quem ela alcança e a citação. “Retirar” tira a regra do texto (e
        o trecho da lei que só ela citava); uma proposta retirada volta a ter “Incluir” acima.
      </p>
      {lists.map((list) => (
        <div className="tabela-rolagem" key={list}>
          <table className="tabela-responsiva">
            <caption>{TITLES[list]}</caption>
            <thead>
              <tr>
                <th scope="col">Regra</th>
                <th scope="col">Para quem</th>
                <th scope="col">Citação</th>
                <th scope="col">
                  <span className="visualmente-oculto">Retirar</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows
                .filter((r) => r.list === list)
                .map((r) => (
                  <tr key={`${r.list}-${r.index}`}>
                    <td data-label="Regra">{r.text}</td>
                    <td data-label="Para quem">{r.who}</td>
                    <td data-label="Citação">{r.citation || "—"}</td>
                    <td>
                      <RowAction
                        draftId={draftId}
                        intent="remove"
                        fields={{ list: r.list, index: r.index, key: r.key }}
                        label="Retirar"
                        busyText="Retirando…"
                        row={r.text}
                      />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
