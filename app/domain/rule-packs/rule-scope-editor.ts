// Whom each rule of a draft reaches and how it reads (issue #30's editor, ADR 075): the person's,
// the vehicle's and the company's rules gathered in one form, each with a box per mode, and with
// the choices its kind has — which CNH, from when a vehicle's age counts, its registration
// category, whose name it may be in, what else it may not serve, which permissions a driver may
// not hold, where a company must have its office. The rules' numbers are in rule-values.ts. Pure.
import { PERMISSION_LABELS, REGISTRATION_LABELS } from "~/domain/facts/catalogue";
import { errorsOrEntry, scopeOf, str, withModes } from "./editor-parts";
import type { FieldOption, FieldValues, ListEditor, ListField } from "./list-fields";
import { objectsIn } from "./proposal-places";
import { CNH_WITH_A, HELD_PERMISSIONS, OWNER_KINDS } from "./vocabulary";

type Doc = Record<string, unknown>;

const LISTS = ["personRules", "vehicleRules", "operatorRules"] as const;
/** Which of the three lists a rule came from; dropped when it is put back. */
const FROM = "_lista";

const options = (labels: Record<string, string>): FieldOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A choice the rule's kind has: how the rule reads as the choice, and how the choice writes it. */
interface Choice {
  field: ListField;
  read(rule: Doc): string;
  write(rule: Doc, value: string): Doc;
}

const select = (
  name: string,
  label: string,
  choices: FieldOption[],
  key: string,
  toValue = (v: string): unknown => v,
) => ({
  field: { name, label, options: choices },
  read: (rule: Doc) => choices.find((c) => toValue(c.value) === rule[key])?.value ?? "",
  write: (rule: Doc, value: string) => ({ ...rule, [key]: toValue(value) }),
});

const CNH_SETS: Record<string, { anyOf: string[]; label: string }> = {
  A: { anyOf: CNH_WITH_A, label: "A" },
  B: { anyOf: ["B", "C", "D", "E", "AB", "AC", "AD", "AE"], label: "B ou superior" },
};

const sameSet = (a: unknown, b: string[]) => Array.isArray(a) && a.length === b.length && b.every((v) => a.includes(v));

/** Ticks per value of a list the rule holds ("allowed", "permissions"): one field per value. */
function ticks(prefix: string, labels: Record<string, string>, values: readonly string[], key: string, what: string) {
  const fields = values.map((v, i) => ({
    name: `${prefix}_${v}`,
    label: `${what}: ${labels[v]}`,
    checkbox: true,
    beside: i > 0,
  }));
  return {
    fields,
    read: (rule: Doc): FieldValues => {
      const held = Array.isArray(rule[key]) ? (rule[key] as unknown[]) : [];
      return Object.fromEntries(values.map((v) => [`${prefix}_${v}`, held.includes(v) ? "1" : ""]));
    },
    write: (rule: Doc, typed: FieldValues): Doc | null => {
      const chosen = values.filter((v) => typed[`${prefix}_${v}`] === "1");
      const held = Array.isArray(rule[key]) ? (rule[key] as unknown[]) : [];
      if (!chosen.length) return null;
      return sameSet(held, chosen) ? rule : { ...rule, [key]: chosen };
    },
  };
}

/** In whose name the vehicle may be, as the gestor reads it (the driver's question says "Eu"). */
const OWNER_LABELS: Record<(typeof OWNER_KINDS)[number], string> = {
  HOLDER: "O próprio condutor (o titular, para um preposto)",
  OTHER_PERSON: "Outra pessoa",
  OPERATOR: "A empresa a que o condutor é vinculado",
  OTHER_COMPANY: "Outra empresa (locadora)",
};

const OWNERS = ticks("dono", OWNER_LABELS, OWNER_KINDS, "allowed", "Em nome de");
const PERMISSIONS = ticks("permissao", PERMISSION_LABELS, HELD_PERMISSIONS, "permissions", "Não pode ter");

/** The one choice of each kind that has one; OWNERSHIP and INCOMPATIBLE_PERMISSIONS have ticks. */
const CHOICES: Record<string, Choice> = {
  HEAD_OFFICE_IN_MUNICIPALITY: select(
    "sede",
    "O que a empresa precisa ter no município",
    [
      { value: "sede", label: "A sede da empresa" },
      { value: "filial", label: "A sede ou uma filial" },
    ],
    "orBranch",
    (v) => v === "filial",
  ),
  CNH_CATEGORY: {
    field: {
      name: "cnh",
      label: "Categoria da CNH",
      options: [
        { value: "A", label: "A (motocicleta), em qualquer combinação: A, AB, AC, AD, AE" },
        { value: "B", label: "B ou superior: B, C, D, E, AB, AC, AD, AE" },
      ],
    },
    read: (rule) => Object.keys(CNH_SETS).find((k) => sameSet(rule.anyOf, CNH_SETS[k].anyOf)) ?? "",
    // The same set keeps the words the law uses for it ("A (motociclista)").
    write: (rule, value) => (sameSet(rule.anyOf, CNH_SETS[value].anyOf) ? rule : { ...rule, ...CNH_SETS[value] }),
  },
  MAX_AGE: select(
    "base",
    "A idade do veículo conta",
    [
      { value: "MANUFACTURE_YEAR", label: "Do ano de fabricação" },
      { value: "FIRST_REGISTRATION", label: "Do primeiro emplacamento" },
    ],
    "basis",
  ),
  REGISTRATION_CATEGORY: select(
    "registro",
    "Categoria do registro do veículo",
    options(REGISTRATION_LABELS),
    "category",
  ),
  SERVICE_EXCLUSIVITY: select(
    "exclusivo",
    "O veículo não pode servir também",
    [
      { value: "PASSENGERS", label: "Ao transporte de passageiros" },
      { value: "CARGO", label: "Ao transporte de cargas" },
    ],
    "forbids",
  ),
  LICENSED_IN_MUNICIPALITY: select(
    "locado",
    "Veículo locado licenciado fora do município",
    [
      { value: "sim", label: "É aceito" },
      { value: "nao", label: "Não é aceito" },
    ],
    "exceptLeased",
    (v) => v === "sim",
  ),
};

/** What each kind of rule is about, for its fieldset's legend (its id names it in the labels). */
const KIND_LABELS: Record<string, string> = {
  MIN_AGE: "Idade mínima do condutor",
  CNH_CATEGORY: "Categoria da CNH",
  CNH_MIN_YEARS: "Tempo de habilitação",
  CNH_EAR: "Observação EAR na CNH",
  RESIDENCE_IN_MUNICIPALITY: "Residência no município",
  INCOMPATIBLE_PERMISSIONS: "Permissões que o condutor não pode ter",
  ONE_VEHICLE: "Um só veículo por titular",
  MAX_AGE: "Idade máxima do veículo",
  MIN_DISPLACEMENT: "Cilindrada mínima",
  MAX_DISPLACEMENT: "Cilindrada máxima",
  MIN_DOORS: "Número mínimo de portas",
  MAX_PASSENGERS: "Lotação máxima",
  REGISTRATION_CATEGORY: "Categoria do registro do veículo",
  LICENSED_IN_MUNICIPALITY: "Veículo licenciado no município",
  OWNERSHIP: "Em nome de quem o veículo está",
  LICENSING_UP_TO_DATE: "Licenciamento em dia",
  SERVICE_EXCLUSIVITY: "Veículo só deste serviço",
  HEAD_OFFICE_IN_MUNICIPALITY: "Sede da empresa no município",
  MIN_ASSETS: "Capital mínimo da empresa",
  OPERATOR_CREDENTIALED: "Empresa credenciada no município",
  DRIVER_DATA_REPORTED: "Dados do condutor enviados pela empresa",
};

const rules: ListEditor = {
  path: ["rules"],
  key: "id",
  gather: {
    get: (doc) => LISTS.flatMap((list) => objectsIn(doc[list]).map((rule) => ({ ...rule, [FROM]: list }))),
    put: (doc, list) => {
      for (const name of LISTS) if (Array.isArray(doc[name])) doc[name] = [];
      for (const rule of objectsIn(list)) {
        const { [FROM]: from, ...rest } = rule;
        const name = LISTS.find((l) => l === from);
        if (name) doc[name] = [...((doc[name] as unknown[] | undefined) ?? []), rest];
      }
    },
  },
  title: (rule, doc) => `${KIND_LABELS[str(rule.kind)] ?? str(rule.id)} (${scopeOf(rule, doc)})`,
  fields: () => [...Object.values(CHOICES).map((c) => c.field), ...OWNERS.fields, ...PERMISSIONS.fields],
  // A rule draws only its kind's choice (and its modes).
  read: (rule): FieldValues => {
    const choice = CHOICES[str(rule.kind)];
    if (choice) return { [choice.field.name]: choice.read(rule) };
    if (rule.kind === "OWNERSHIP") return OWNERS.read(rule);
    if (rule.kind === "INCOMPATIBLE_PERMISSIONS") return PERMISSIONS.read(rule);
    return {};
  },
  write: (rule, typed) => {
    const choice = CHOICES[str(rule.kind)];
    if (choice) {
      const value = typed[choice.field.name];
      // Left as it is when the form did not draw it, or when its reading is not one of the choices.
      if (!value) return { entry: rule };
      if (!choice.field.options?.some((o) => o.value === value))
        return { errors: { [choice.field.name]: "escolha uma das opções." } };
      return { entry: choice.write(rule, value) };
    }
    const list = rule.kind === "OWNERSHIP" ? OWNERS : rule.kind === "INCOMPATIBLE_PERMISSIONS" ? PERMISSIONS : null;
    if (!list) return { entry: rule };
    const written = list.write(rule, typed);
    const errors: FieldValues = {};
    if (!written) errors[list.fields[0].name] = "marque ao menos uma opção.";
    return errorsOrEntry(errors, () => written!);
  },
};

export const RULE_SCOPE_EDITOR = withModes(rules);
