import { allPacks } from "~/domain/rule-packs";
import type { RulePack } from "~/domain/rule-packs";
const esc = (s: string) => s.replace(/\|/g, "\\|");
const modes = (a: { modes: readonly string[]; categories?: readonly string[] }) =>
  `${a.modes.join(", ")}${a.categories ? ` (${a.categories.join(", ")})` : ""}`;
function describeRule(r: any): string {
  switch (r.kind) {
    case "MIN_AGE": return `idade mínima ${r.years} anos`;
    case "CNH_CATEGORY": return `CNH categoria ${r.label} (${r.anyOf.join("/")})`;
    case "CNH_MIN_YEARS": return `${r.years} anos de habilitação`;
    case "CNH_EAR": return "CNH com EAR";
    case "RESIDENCE_IN_MUNICIPALITY": return "residência no município";
    case "INCOMPATIBLE_PERMISSIONS": return `não ter permissão de ${r.permissions.join(", ")}`;
    case "ONE_VEHICLE": return "um só veículo por titular";
    case "MAX_AGE": return `idade máxima ${r.years} anos (${r.basis === "MANUFACTURE_YEAR" ? "ano de fabricação" : "a partir do 1º emplacamento"})${r.replaceWithin ? `; substituir em ${r.replaceWithin.duration}` : ""}${r.olderAllowedWith ? `; mais velho só com ${r.olderAllowedWith.document}` : ""}`;
    case "MIN_DISPLACEMENT": return `≥ ${r.cc} cc`;
    case "MAX_DISPLACEMENT": return `≤ ${r.cc} cc`;
    case "MIN_DOORS": return `≥ ${r.doors} portas`;
    case "MAX_PASSENGERS": return `≤ ${r.seats} passageiro(s)`;
    case "REGISTRATION_CATEGORY": return `registro na categoria ${r.category}`;
    case "LICENSED_IN_MUNICIPALITY": return `licenciado no município${r.exceptLeased ? " (salvo locado)" : ""}`;
    case "OWNERSHIP": return `proprietário: ${r.allowed.join("/")}${r.allowedWhenLeased.length ? `; ${r.allowedWhenLeased.join("/")} só com locação` : ""}`;
    case "LICENSING_UP_TO_DATE": return "licenciamento em dia";
    case "SERVICE_EXCLUSIVITY": return `não usado para ${r.forbids === "CARGO" ? "cargas" : "passageiros"}`;
    case "HEAD_OFFICE_IN_MUNICIPALITY": return `sede${r.orBranch ? " ou filial" : ""} no município`;
    case "MIN_ASSETS": return `patrimônio ≥ R$ ${r.brl}`;
    case "OPERATOR_CREDENTIALED": return "vinculado a empresa credenciada";
    case "DRIVER_DATA_REPORTED": return "operadora enviou os dados do motorista antes da vistoria";
  }
  return r.kind;
}
function validity(d: any, pack: RulePack) {
  switch (d.validity.kind) {
    case "DURATION": return d.validity.duration;
    case "RECENT": return `recente: ${pack.parameters[d.validity.parameter].value} dias (\`${d.validity.parameter}\`)`;
    case "OWN_EXPIRY": return "a do documento";
    default: return "—";
  }
}
function merge<T extends { appliesTo: any; citation: string }>(items: readonly T[], key: (t: T) => string): Array<T & { extra: string[] }> {
  const main = items.filter((i) => !i.citation.includes("c/c")).map((i) => ({ ...i, extra: [] as string[] }));
  for (const d of items.filter((i) => i.citation.includes("c/c"))) {
    const m = main.find((x) => key(x) === key(d));
    if (m) m.extra.push(`${d.appliesTo.modes.join(", ")}: ${d.citation.replace(/^Lei [^,]+, /, "")}`);
    else main.push({ ...d, extra: [] });
  }
  return main;
}
const withExtra = (r: { citation: string; extra: string[] }) => r.citation + (r.extra.length ? ` (${r.extra.join("; ")})` : "");
const modesX = (r: { appliesTo: any; extra: string[] }) => modes(r.appliesTo) + r.extra.map((e) => ", " + e.split(":")[0]).join("");
for (const p of allPacks) {
  const out: string[] = [];
  out.push(`### ${p.municipality.name} (${p.municipality.uf}) — \`${p.id}\`, ${p.law.label}\n`);
  out.push(`#### Checks\n\n| id | modo (categorias) | regra | citação |\n|---|---|---|---|`);
  for (const r of merge([...p.personRules, ...p.operatorRules, ...p.vehicleRules] as any[], (x: any) => x.id) as any[]) out.push(`| \`${r.id}\` | ${modesX(r)} | ${esc(describeRule(r))} | ${withExtra(r)} |`);
  for (const q of p.quotas) out.push(`| \`${q.id}\` | ${q.modes.join(", ")} (${q.categories.join(", ")}) | ${q.inhabitantsPerUnit === null ? "sem limite" : `1 ${q.unit} por ${q.inhabitantsPerUnit} habitantes (arredondado para baixo)`} | ${q.citation} |`);
  out.push(`\n#### Documentos\n\n| tipo | modo (categorias) | validade | do município | entrega | citação |\n|---|---|---|---|---|---|`);
  for (const d of merge(p.documents as any[], (x: any) => x.type) as any[]) out.push(`| \`${d.type}\`${d.condition ? ` (se ${d.condition})` : ""} | ${modesX(d)} | ${validity(d, p)} | ${d.fromMunicipality ? "sim" : ""} | ${d.submittedBy} | ${withExtra(d)}${d.validity.citation ? `; validade: ${d.validity.citation}` : ""} |`);
  out.push(`\n#### Credenciais, vistoria, prazos\n\n| o quê | detalhe | citação |\n|---|---|---|`);
  for (const c of p.credentials as any[]) out.push(`| ${c.type} — ${esc(c.label)} | ${modes(c.appliesTo)}; validade ${c.validity.kind === "DURATION" ? c.validity.duration : c.validity.kind === "UNTIL_NEXT_VISTORIA" ? "até a próxima vistoria" : "não fixada"} | ${c.citation}${"citation" in c.validity && c.validity.citation !== c.citation ? `; ${c.validity.citation}` : ""} |`);
  for (const v of p.vistorias as any[]) out.push(`| vistoria ${v.appliesTo.categories?.join(", ") ?? ""} | a cada ${v.period}${v.discretionary ? " (a critério da autoridade)" : ""}${v.nonSafetyGrace ? `; defeitos sem risco: até ${v.nonSafetyGrace.max} (${v.nonSafetyGrace.citation})` : ""}; ${v.items.length} itens | ${v.periodCitation} |`);
  for (const f of p.fees) out.push(`| taxa: ${f.label} | ${f.amount} ${f.unit} | ${f.citation} |`);
  for (const d of p.deadlines as any[]) out.push(`| prazo (${d.who}): ${esc(d.label)} | ${d.within ?? d.every ?? (d.immediate ? "imediato" : d.parameter ? `parâmetro \`${d.parameter}\`` : "sem prazo na lei")}${d.sanction ? `; ${d.sanction}` : ""} | ${d.citation} |`);
  const inf = p.infractions;
  out.push(`\n#### Infrações\n`);
  if (inf.classes.length) out.push(`Classes: ${inf.classes.map((c) => `${c.label} (${c.citation})`).join("; ")}.`);
  out.push(`Catálogo: ${inf.catalogue.length} infrações.${inf.repeat ? ` Reincidência: janela ${inf.repeat.window}${inf.repeat.strict ? " (estrita)" : ""}, sobe uma classe (${inf.repeat.citation}).` : " Sem regra de reincidência."}`);
  console.log(out.join("\n") + "\n");
}
