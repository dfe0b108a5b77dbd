// An example applicant written in a form (issue #30's editor, ADR 071): for one service of the
// draft, the facts its rules read, each asked as the driver's wizard asks it (the fact catalogue),
// the vagas when the service has them, and the outcome the author expects. The typed answers become
// one entry of the pack's `examples`, judged by the engine on the next check. Pure.
import { type FactKey, FACTS, factsRead, questionText } from "~/domain/facts";
import { parseDecimal } from "~/domain/format";
import { checkPackDocument, type RulePack } from "~/domain/rule-packs";
import { documentObject } from "~/domain/rule-packs/document";
import { zPackExample } from "~/domain/rule-packs/example-schema";
import { CATEGORIES, type Category, type Mode, MODES, zIsoDate } from "~/domain/rule-packs/vocabulary";

export type ExampleField = { name: FactKey; label: string; hint?: string; input: (typeof FACTS)[FactKey]["input"] };
export type ExampleForm = {
  category: Category;
  mode: Mode;
  facts: ExampleField[];
  /** The units its vagas count, when the service has vagas (the example then says how many are taken). */
  quotaUnits: string[];
  /** The rules that read the facts: those an example may expect to refuse it. */
  rules: { id: string; citation: string }[];
};

/** "MOTOTAXI.AUTONOMO" → the category and mode, when the pack offers them. */
export function serviceOf(pack: RulePack, value: string): { category: Category; mode: Mode } | null {
  const [category, mode] = value.split(".") as [Category, Mode];
  if (!CATEGORIES.includes(category) || !MODES.includes(mode)) return null;
  const offered = pack.categories.some((c) => c.code === category && c.modes.some((m) => m.mode === mode));
  return offered ? { category, mode } : null;
}

/** What the form asks for an example of this service of the pack. */
export function exampleForm(pack: RulePack, category: Category, mode: Mode): ExampleForm {
  const read = factsRead(pack, category, mode).filter((r) => FACTS[r.fact].inEvaluation);
  const rules = new Map<string, string>();
  for (const r of read)
    for (const reader of r.readers) if (!rules.has(reader.rule)) rules.set(reader.rule, reader.citation);
  return {
    category,
    mode,
    facts: read.map(({ fact }) => ({
      name: fact,
      label: questionText(fact, pack.municipality.name),
      ...(FACTS[fact].hint ? { hint: FACTS[fact].hint } : {}),
      input: FACTS[fact].input,
    })),
    quotaUnits: [
      ...new Set(
        pack.quotas
          .filter((q) => q.categories.includes(category) && q.modes.includes(mode) && q.inhabitantsPerUnit)
          .map((q) => q.unit),
      ),
    ],
    rules: [...rules].map(([id, citation]) => ({ id, citation })),
  };
}

type Typed = Readonly<Record<string, string | string[]>>;
type Written = { ok: true; text: string } | { ok: false; errors: Record<string, string> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []).filter(Boolean);
/** A code no town has: "mora em outro município". */
const ELSEWHERE = "0000000";

/** One answer as the engine reads it, or why it cannot be. */
function factValue(field: ExampleField, raw: string | string[] | undefined, ibge: string): { value: unknown } | string {
  const text = one(raw);
  switch (field.input.kind) {
    case "date":
      return zIsoDate.safeParse(text).success ? { value: text } : "informe a data (dia, mês e ano)";
    case "year":
    case "integer":
      return /^\d+$/.test(text) ? { value: Number(text) } : "informe um número inteiro";
    case "money":
      return Number.isFinite(parseDecimal(text)) ? { value: parseDecimal(text) } : "informe um valor";
    case "yesNo": {
      if (text !== "sim" && text !== "nao") return "responda sim ou não";
      // "Mora em <município>?": the town's own code, or one no town has.
      if (/MunicipalityIbge$/.test(field.name)) return { value: text === "sim" ? ibge : ELSEWHERE };
      return { value: text === "sim" };
    }
    case "multiChoice":
      return { value: many(raw) };
    default:
      return { value: text };
  }
}

/**
 * The draft's text with one more example applicant, as typed in its form ("servico", "nome", "data",
 * "esperado", "falha", "fato.<fato>", "vagas.populacao", "vagas.<unidade>"). Every wrong field is
 * named at once and nothing is written then; a fact left blank is left out (the check then says the
 * example does not decide the rule that reads it).
 */
export function withExample(text: string, typed: Typed): Written {
  const doc = documentObject(text);
  const { pack } = checkPackDocument(text);
  if (!doc || !pack)
    return {
      ok: false,
      errors: { _form: "Corrija antes os problemas do texto: o exemplo é julgado pelas regras dele." },
    };
  const service = serviceOf(pack, one(typed.servico));
  if (!service) return { ok: false, errors: { servico: "Escolha o serviço do exemplo." } };
  const form = exampleForm(pack, service.category, service.mode);
  const errors: Record<string, string> = {};
  const name = one(typed.nome);
  if (!name) errors.nome = "Diga quem é o exemplo, em uma frase (“Mototaxista de 20 anos”).";
  const date = one(typed.data);
  if (!zIsoDate.safeParse(date).success) errors.data = "Informe o dia em que o exemplo é julgado.";
  const expected = one(typed.esperado);
  if (expected !== "ELIGIBLE" && expected !== "NOT_ELIGIBLE")
    errors.esperado = "Diga se a lei aceita ou recusa o exemplo.";
  const facts: Record<"person" | "vehicle" | "operator", Record<string, unknown>> = {
    person: {},
    vehicle: {},
    operator: {},
  };
  for (const field of form.facts) {
    const raw = typed[`fato.${field.name}`];
    if (!one(raw) && !many(raw).length) continue;
    const read = factValue(field, raw, pack.municipality.ibge);
    const [subject, key] = field.name.split(".") as ["person" | "vehicle" | "operator", string];
    if (typeof read === "string") errors[`fato.${field.name}`] = `${field.label}: ${read}.`;
    else facts[subject][key] = read.value;
  }
  const population = one(typed["vagas.populacao"]);
  const inForce = Object.fromEntries(
    form.quotaUnits.flatMap((unit) =>
      /^\d+$/.test(one(typed[`vagas.${unit}`])) ? [[unit, Number(one(typed[`vagas.${unit}`]))]] : [],
    ),
  );
  if (Object.keys(errors).length) return { ok: false, errors };
  const example = zPackExample.safeParse({
    name,
    ...service,
    date,
    person: facts.person,
    vehicle: facts.vehicle,
    ...(Object.keys(facts.operator).length ? { operator: facts.operator } : {}),
    ...(form.quotaUnits.length && /^\d+$/.test(population)
      ? { quota: { population: Number(population), inForce } }
      : {}),
    expected,
    failing: expected === "NOT_ELIGIBLE" ? many(typed.falha) : [],
  });
  if (!example.success)
    return { ok: false, errors: { _form: `O exemplo não está completo: ${example.error.issues[0].message}` } };
  const examples = Array.isArray(doc.examples) ? doc.examples : [];
  return { ok: true, text: JSON.stringify({ ...doc, examples: [...examples, example.data] }, null, 2) };
}
