// What a schema cannot see in a pack; each problem names the rule at fault, and load.ts refuses
// the pack on the first.
import { unsuppliedFacts } from "~/domain/facts/reads";
import type { RulePack } from "./schema";
import { applies, offers } from "./select";
import { type AppliesTo, CATEGORIES, MODES, SILENT_LAW_VALIDITY_PARAMETER } from "./vocabulary";
import { withoutObjectProblems } from "./without-object";

export type Path = readonly PropertyKey[];
type Problem = { rule: string; problem: string; path?: Path };

/** Every citation of a pack (a rule's `citation`, a vistoria's `periodCitation`) with where it sits. */
export function* citations(node: unknown, path: PropertyKey[] = []): Generator<[string, PropertyKey[]]> {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) yield* citations(node[i], [...path, i]);
  } else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if ((k === "citation" || k === "periodCitation") && typeof v === "string") yield [v, path];
      else yield* citations(v, [...path, k]);
    }
  }
}

function overlaps(a: AppliesTo, b: AppliesTo): boolean {
  return CATEGORIES.some((c) => MODES.some((m) => applies(a, c, m) && applies(b, c, m)));
}

/** Every problem of the pack, in the order they are reported. */
export function semanticProblems(pack: RulePack): Problem[] {
  return [
    ...citationProblems(pack),
    ...scopeProblems(pack),
    ...duplicateProblems(pack),
    ...referenceProblems(pack),
    ...issuanceProblems(pack),
    ...withoutObjectProblems(pack),
    ...pack.deadlines
      .filter((d) => d.parameter && !pack.parameters[d.parameter])
      .map((d) => ({ rule: d.id, problem: `parâmetro inexistente: ${d.parameter}` })),
    // A fact nobody can supply leaves its check PENDING: the pack would approve no one (issue #20).
    ...unsuppliedFacts(pack),
    ...infractionProblems(pack),
    ...moneyUnitProblems(pack),
    ...quoteProblems(pack),
  ];
}

const NOT_FISCAL = ["BRL", "SALARIO_MINIMO", "DAYS", "MONTHS", "SWITCH"];

/** An amount in a fiscal unit is in the town's own (a fee in UFPM in a town of the UFVI is a slip). */
function moneyUnitProblems(pack: RulePack): Problem[] {
  const amounts = [
    ...Object.entries(pack.parameters).map(([name, p]) => ({ rule: name, unit: p.unit })),
    ...pack.fees.map((f) => ({ rule: f.id, unit: f.unit })),
    ...[...pack.infractions.classes, ...pack.infractions.catalogue].flatMap((i) =>
      i.penalty?.fine ? [{ rule: i.code, unit: i.penalty.fine.unit }] : [],
    ),
  ];
  return amounts
    .filter((a) => !NOT_FISCAL.includes(a.unit) && a.unit !== pack.fiscalUnit)
    .map((a) => ({
      rule: a.rule,
      problem: pack.fiscalUnit
        ? `valor em ${a.unit}, mas a unidade fiscal do pacote é ${pack.fiscalUnit}`
        : `valor em ${a.unit}, mas o pacote não declara unidade fiscal (fiscalUnit)`,
    }));
}

/** A pack that quotes its law quotes every citation it makes, and nothing else (ADR 067). */
function quoteProblems(pack: RulePack): Problem[] {
  const quoted = Object.keys(pack.quotes);
  if (quoted.length === 0) return [];
  const cited = new Set([...citations(pack)].map(([citation]) => citation));
  return [
    ...[...cited]
      .filter((c) => !pack.quotes[c])
      .map((c) => ({ rule: "quotes", problem: `falta o trecho da lei citado em "${c}"` })),
    ...quoted
      .filter((c) => !cited.has(c))
      .map((c) => ({ rule: "quotes", problem: `há o trecho de "${c}", que nenhuma regra cita` })),
  ];
}

/** Citations of the pack's law (or its amendments) only. */
function citationProblems(pack: RulePack): Problem[] {
  const problems: Problem[] = [];
  const laws = new Set([pack.law.label, ...pack.law.amendments.map((a) => a.label)]);
  for (const [citation, path] of citations(pack)) {
    if (!citation.startsWith(`${pack.law.label}, art.`)) {
      problems.push({ rule: "", path, problem: `a citação "${citation}" não é da ${pack.law.label}` });
    }
    for (const mentioned of citation.match(/Lei [\d.]+\/\d{4}/g) ?? []) {
      if (!laws.has(mentioned))
        problems.push({
          rule: "",
          path,
          problem: `a citação menciona a ${mentioned}, que não consta das alterações do pacote`,
        });
    }
  }
  return problems;
}

/** Categories offered once, a vigência after the law, every rule aimed at an offered category and an admitted mode. */
function scopeProblems(pack: RulePack): Problem[] {
  const problems: Problem[] = [];
  const offered = new Set(pack.categories.map((c) => c.code));
  if (offered.size !== pack.categories.length) problems.push({ rule: "categories", problem: "categoria repetida" });
  if (pack.effectiveDate < pack.law.date)
    problems.push({ rule: "effectiveDate", problem: "vigência anterior à data da lei" });

  const targeted: Array<{ name: string; appliesTo: AppliesTo; path: Path }> = [];
  const lists = ["personRules", "vehicleRules", "operatorRules", "documents", "credentials", "vistorias"] as const;
  for (const list of lists) {
    pack[list].forEach((r: { appliesTo: AppliesTo; id?: string; type?: string }, i: number) =>
      targeted.push({ name: r.id ?? r.type ?? `${list}[${i}]`, appliesTo: r.appliesTo, path: [list, i] }),
    );
  }
  pack.deadlines.forEach(
    (d, i) => d.appliesTo && targeted.push({ name: d.id, appliesTo: d.appliesTo, path: ["deadlines", i] }),
  );
  for (const t of targeted) {
    const cats = t.appliesTo.categories ?? [...offered];
    const unknown = cats.filter((c) => !offered.has(c));
    if (unknown.length)
      problems.push({ rule: t.name, problem: `categoria não oferecida pelo pacote: ${unknown.join(", ")}` });
    for (const mode of t.appliesTo.modes) {
      const admitted = pack.categories.some((c) => cats.includes(c.code) && c.modes.some((m) => m.mode === mode));
      if (!admitted)
        problems.push({ rule: t.name, problem: `modo ${mode} não é admitido nas categorias a que a regra se aplica` });
    }
  }
  return problems;
}

/** One answer per question: a check id or a document type may repeat only for disjoint modes/categories. */
function duplicateProblems(pack: RulePack): Problem[] {
  const problems: Problem[] = [];
  const offered = new Set(pack.categories.map((c) => c.code));
  const checks = [...pack.personRules, ...pack.vehicleRules, ...pack.operatorRules];
  const pairs = <T extends { appliesTo: AppliesTo }>(items: T[], key: (t: T) => string) => {
    items.forEach((a, i) =>
      items.slice(i + 1).forEach((b) => {
        if (key(a) === key(b) && overlaps(a.appliesTo, b.appliesTo)) {
          problems.push({
            rule: key(a),
            problem: "duas regras com o mesmo identificador se aplicam à mesma categoria e modo",
          });
        }
      }),
    );
  };
  pairs(checks, (r) => r.id);
  pairs(pack.documents, (d) => d.type);
  pairs(pack.vistorias, (v) => v.id);
  for (const q of pack.quotas) {
    if (checks.some((r) => r.id === q.id))
      problems.push({ rule: q.id, problem: "cota com o mesmo identificador de uma regra" });
    for (const c of q.categories)
      if (!offered.has(c)) problems.push({ rule: q.id, problem: `categoria não oferecida: ${c}` });
  }
  return problems;
}

/** Parameters and documents a rule refers to exist and fit. */
function referenceProblems(pack: RulePack): Problem[] {
  const problems: Problem[] = [];
  const dayParameter = (key: string) => {
    const p = pack.parameters[key];
    return p && p.unit === "DAYS" && p.value !== null && p.value > 0 && Number.isInteger(p.value);
  };
  for (const d of pack.documents) {
    if (d.validity.kind === "RECENT" && !dayParameter(d.validity.parameter)) {
      problems.push({
        rule: d.type,
        problem: `o parâmetro "${d.validity.parameter}" não existe ou não é um número de dias definido`,
      });
    }
  }
  for (const r of pack.vehicleRules) {
    if (r.kind === "MAX_AGE" && r.olderAllowedWith) {
      const doc = pack.documents.find(
        (d) => d.type === r.olderAllowedWith?.document && d.condition === "VEHICLE_OVER_MAX_AGE",
      );
      if (!doc)
        problems.push({
          rule: r.id,
          problem: `o documento ${r.olderAllowedWith.document} não está entre os documentos exigidos para veículo acima da idade`,
        });
    }
  }
  for (const c of pack.credentials) {
    if (c.validity.kind === "UNTIL_NEXT_VISTORIA" && !pack.vistorias.some((v) => overlaps(v.appliesTo, c.appliesTo))) {
      problems.push({ rule: c.type, problem: "validade atrelada à vistoria, mas nenhuma vistoria se aplica" });
    }
  }
  const silent = pack.credentials.filter((c) => c.validity.kind === "NOT_SET");
  if (silent.length) {
    const p = pack.parameters[SILENT_LAW_VALIDITY_PARAMETER];
    const ok =
      p && (p.unit === "MONTHS" || p.unit === "DAYS") && p.value !== null && p.value > 0 && Number.isInteger(p.value);
    if (!ok) {
      problems.push({
        rule: silent[0].type,
        problem: `a lei não fixa a validade: o parâmetro "${SILENT_LAW_VALIDITY_PARAMETER}" (número inteiro de meses ou dias, definido pela prefeitura) é obrigatório`,
      });
    }
  }
  return problems;
}

function infractionProblems(pack: RulePack): Problem[] {
  const problems: Problem[] = [];
  const inf = pack.infractions;
  const classCodes = new Set(inf.classes.map((c) => c.code));
  if (classCodes.size !== inf.classes.length)
    problems.push({ rule: "infractions.classes", problem: "classe repetida" });
  if (new Set(inf.classes.map((c) => c.rank)).size !== inf.classes.length)
    problems.push({ rule: "infractions.classes", problem: "duas classes com a mesma gravidade" });
  const infractionCodes = new Set<string>();
  for (const i of inf.catalogue) {
    if (infractionCodes.has(i.code)) problems.push({ rule: i.code, problem: "infração repetida" });
    infractionCodes.add(i.code);
    if (i.class && !classCodes.has(i.class)) problems.push({ rule: i.code, problem: `classe inexistente: ${i.class}` });
    if (!i.class && !i.penalty) problems.push({ rule: i.code, problem: "infração sem classe nem penalidade" });
  }
  if (inf.repeat && inf.classes.length < 2)
    problems.push({ rule: "infractions.repeat", problem: "reincidência exige ao menos duas classes" });
  const dailyFine = inf.enforcement.noticeToDailyFine;
  if (dailyFine && pack.parameters[dailyFine.parameter]?.unit !== "BRL") {
    problems.push({
      rule: "infractions.enforcement",
      problem: `parâmetro em reais inexistente: ${dailyFine.parameter}`,
    });
  }
  return problems;
}

/** Each credential declared once per category and mode, a seal only with a vistoria, a photo card with one photo. */
function issuanceProblems(pack: RulePack): Array<{ rule: string; problem: string }> {
  const problems: Array<{ rule: string; problem: string }> = [];
  const situations = (a: AppliesTo) =>
    CATEGORIES.flatMap((c) => MODES.filter((m) => applies(a, c, m)).map((m) => [c, m] as const));
  const photoFor = (c: (typeof CATEGORIES)[number], m: (typeof MODES)[number]) =>
    pack.documents.filter((d) => d.holderPhoto && applies(d.appliesTo, c, m));
  pack.credentials.forEach((a, i) =>
    pack.credentials.slice(i + 1).forEach((b) => {
      if (a.type === b.type && overlaps(a.appliesTo, b.appliesTo))
        problems.push({ rule: a.type, problem: "credencial declarada duas vezes para a mesma categoria e modo" });
    }),
  );
  for (const c of pack.credentials) {
    if (c.issuedOn === "VISTORIA" && !pack.vistorias.some((v) => overlaps(v.appliesTo, c.appliesTo))) {
      problems.push({ rule: c.type, problem: "emitida na vistoria, mas nenhuma vistoria se aplica" });
    }
    if (c.type === "CRACHA") {
      for (const [cat, mode] of situations(c.appliesTo)) {
        if (offers(pack, cat, mode) && photoFor(cat, mode).length === 0) {
          problems.push({
            rule: c.type,
            problem: `crachá sem documento marcado como foto do titular (holderPhoto) em ${cat}/${mode}`,
          });
        }
      }
    }
  }
  for (const [cat, mode] of CATEGORIES.flatMap((c) => MODES.map((m) => [c, m] as const))) {
    const photos = photoFor(cat, mode);
    if (photos.length > 1)
      problems.push({
        rule: photos[1].type,
        problem: `dois documentos marcados como foto do titular em ${cat}/${mode}`,
      });
  }
  for (const card of pack.identificationCard?.cards ?? []) {
    const appliesTo = pack.identificationCard!.appliesTo;
    if (!pack.credentials.some((c) => c.type === card.credential && overlaps(c.appliesTo, appliesTo))) {
      problems.push({
        rule: card.label,
        problem: `cartão impresso na credencial ${card.credential}, que o pacote não emite`,
      });
    }
    if (
      card.fields.some((f) => f.field === "PHOTO") &&
      !situations(appliesTo).some(([c, m]) => photoFor(c, m).length > 0)
    ) {
      problems.push({
        rule: card.label,
        problem: "cartão com foto, mas nenhum documento marcado como foto do titular",
      });
    }
    for (const f of card.fields)
      if (f.stamped && f.field !== "PHOTO")
        problems.push({ rule: card.label, problem: `só a foto pode ser carimbada (${f.field})` });
  }
  return problems;
}
