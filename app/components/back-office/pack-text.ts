// A rule pack in Portuguese sentences, for the gestor's page and the enforcement forms.
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { formatBrl, formatCount, formatDuration, formatYears } from "~/domain/format";
import type { AppliesTo, Penalty, RulePack } from "~/domain/rule-packs";
import { MODE_LABELS } from "./labels";

const list = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} ou ${items[items.length - 1]}`;

/** The unit of a pack's parameter, in words. */
export const UNIT_LABEL: Record<string, string> = {
  DAYS: "dias",
  MONTHS: "meses",
  BRL: "R$",
  // A fiscal unit reads as its acronym (UFM, UFVI…).
};

/** "de" before an article contracts, as Portuguese writes it: "do próprio titular", "da operadora". */
export const ofThe = (text: string) => (/^(o|a|os|as) /.test(text) ? `d${text}` : `de ${text}`);

export function appliesText(a: AppliesTo | undefined): string {
  if (!a) return "todos";
  const modes = a.modes.map((m) => MODE_LABELS[m] ?? m);
  const cats = a.categories?.map((c) => CATEGORY_LABELS[c] ?? c);
  return [cats ? list(cats) : null, list(modes)].filter(Boolean).join(" — ");
}

type Rule = RulePack["personRules"][number] | RulePack["vehicleRules"][number] | RulePack["operatorRules"][number];

const OWNER: Record<string, string> = {
  HOLDER: "o próprio titular",
  OTHER_PERSON: "outra pessoa",
  OPERATOR: "a operadora",
  OTHER_COMPANY: "outra empresa",
};

export function ruleText(r: Rule): string {
  switch (r.kind) {
    case "MIN_AGE":
      return `Idade mínima de ${formatYears(r.years)}.`;
    case "CNH_CATEGORY":
      return `CNH na categoria ${r.label}.`;
    case "CNH_MIN_YEARS":
      return `Habilitado há pelo menos ${formatYears(r.years)}.`;
    case "CNH_EAR":
      return "CNH com a observação EAR (exerce atividade remunerada).";
    case "RESIDENCE_IN_MUNICIPALITY":
      return "Residência no município.";
    case "INCOMPATIBLE_PERMISSIONS":
      return `Não pode ter permissão de ${list(r.permissions.map((p) => p.toLowerCase().replace(/_/g, " ")))}.`;
    case "ONE_VEHICLE":
      return "Um só veículo por titular.";
    case "MAX_AGE":
      return `Veículo com no máximo ${formatYears(r.years)}${r.basis === "FIRST_REGISTRATION" ? " desde o primeiro registro" : " de fabricação"}${r.replaceWithin ? `; substituir em ${formatDuration(r.replaceWithin.duration)} ao vencer` : ""}.`;
    case "MIN_DISPLACEMENT":
      return `Cilindrada mínima de ${r.cc} cc.`;
    case "MAX_DISPLACEMENT":
      return `Cilindrada máxima de ${r.cc} cc.`;
    case "MIN_DOORS":
      return `Pelo menos ${r.doors} portas.`;
    case "MAX_PASSENGERS":
      return `No máximo ${formatCount(r.seats, "passageiro", "passageiros")}.`;
    case "REGISTRATION_CATEGORY":
      return `Registro na categoria ${r.category.toLowerCase()}.`;
    case "LICENSED_IN_MUNICIPALITY":
      return `Licenciado no município${r.exceptLeased ? " (salvo veículo locado)" : ""}.`;
    case "OWNERSHIP":
      return `Veículo em nome ${list(r.allowed.map((o) => ofThe(OWNER[o] ?? o)))}${r.allowedWhenLeased.length ? `; locado, ${list(r.allowedWhenLeased.map((o) => ofThe(OWNER[o] ?? o)))}` : ""}.`;
    case "LICENSING_UP_TO_DATE":
      return "Licenciamento em dia.";
    case "SERVICE_EXCLUSIVITY":
      return r.forbids === "CARGO"
        ? "O veículo não pode servir também ao transporte de cargas."
        : "O veículo não pode servir também ao transporte de passageiros.";
    case "HEAD_OFFICE_IN_MUNICIPALITY":
      return `Sede${r.orBranch ? " ou filial" : ""} no município.`;
    case "MIN_ASSETS":
      return `Patrimônio mínimo de ${formatBrl(r.brl)}.`;
    case "OPERATOR_CREDENTIALED":
      return "A operadora precisa estar credenciada no município.";
    case "DRIVER_DATA_REPORTED":
      return "A operadora precisa ter enviado os dados do condutor.";
  }
}

/** A money unit in words; a fiscal unit reads as its acronym. */
const UNIT: Record<string, string> = {
  SALARIO_MINIMO: "salário mínimo",
  BRL: "reais",
};

export function penaltyText(p: Penalty): string {
  const parts: string[] = [];
  if (p.warning) parts.push("advertência");
  if (p.fine) {
    const f = p.fine;
    const unit = UNIT[f.unit] ?? f.unit;
    parts.push(
      f.amount !== undefined
        ? `multa de ${String(f.amount).replace(".", ",")} ${unit}`
        : f.max !== undefined
          ? `multa de até ${f.max} ${unit}`
          : `multa (${unit}${f.setByRegulation ? ", valor por regulamento" : ""})`,
    );
  }
  if (p.suspension) parts.push(p.suspension.maxDays ? `suspensão de até ${p.suspension.maxDays} dias` : "suspensão");
  if (p.cassacao) parts.push("cassação");
  if (p.driverExclusion) parts.push("exclusão do condutor");
  if (p.vehicleSeizure) parts.push("apreensão do veículo");
  parts.push(...p.other);
  return parts.join(", ");
}

/** Citations an analyst may give for a suspension, reinstatement or cassação: the pack's enforcement provisions first. */
export function enforcementCitations(pack: RulePack): string[] {
  const inf = pack.infractions;
  const out = [
    ...inf.classes.map((c) => c.penalty.citation),
    ...(inf.penaltyScale ? [inf.penaltyScale.citation] : []),
    ...(inf.repeat ? [inf.repeat.citation] : []),
    ...Object.values(inf.enforcement)
      .filter(Boolean)
      .map((e) => (e as { citation: string }).citation),
    ...inf.catalogue.flatMap((i) => [i.citation, ...(i.penalty ? [i.penalty.citation] : [])]),
  ];
  return [...new Set(out)];
}

export const credentialTypeLabel = (t: string) => CREDENTIAL_TYPE_LABELS[t] ?? t;

/** A document requirement in a sentence: its label and how long it is valid. */
export const documentText = (d: {
  label: string;
  validity: { kind: string; duration?: string; parameter?: string };
}) =>
  d.validity.kind === "DURATION" && d.validity.duration
    ? `${d.label}, com validade de ${formatDuration(d.validity.duration)}.`
    : d.validity.kind === "OWN_EXPIRY"
      ? `${d.label}, dentro da validade.`
      : d.validity.kind === "RECENT"
        ? `${d.label}, recente (dias no parâmetro ${d.validity.parameter ?? "?"}).`
        : `${d.label}.`;
