// A draft's infractions in forms (issue #30's editor, ADR 075): each infraction — what it is, who
// commits it, its class — and the penalties, those of each class and those the law ties to one
// infraction itself: warning, fine (a fixed amount, a range, or left to a regulation), suspension,
// cassação. What a penalty has besides (seizure, exclusion, other measures) is kept as it is. Pure.
import { parseDecimal } from "~/domain/format";
import { errorsOrEntry, isOption, moneyUnitOptions, str } from "./editor-parts";
import { OFFENDERS } from "./infraction-schema";
import type { FieldValues, ListEditor, ListField } from "./list-fields";
import { objectsIn } from "./proposal-places";

type Doc = Record<string, unknown>;

// ---- a penalty as fields -----------------------------------------------------------------------

const infractionsOf = (doc: Doc) => objectsIn([doc.infractions])[0] ?? {};

function penaltyFields(doc: Doc): ListField[] {
  const { classes, catalogue } = infractionsOf(doc);
  const used = [...objectsIn(classes), ...objectsIn(catalogue)].map((e) => objectsIn([e.penalty])[0]?.fine);
  return [
    { name: "advertencia", label: "Advertência", checkbox: true },
    { name: "cassacao", label: "Cassação", checkbox: true, beside: true },
    {
      name: "multa_valor",
      label: "Multa de valor fixo",
      numeric: true,
      hint: "Decimais com vírgula; em branco se não é fixo.",
    },
    { name: "multa_min", label: "Multa mínima", numeric: true, beside: true },
    { name: "multa_max", label: "Multa máxima", numeric: true, beside: true },
    {
      name: "multa_unidade",
      label: "Unidade da multa",
      placeholder: "Sem multa",
      options: moneyUnitOptions(
        doc,
        used.map((f) => objectsIn([f])[0]?.unit),
      ),
    },
    { name: "regulamento", label: "O valor da multa fica para o regulamento", checkbox: true, beside: true },
    {
      name: "suspensao_dias",
      label: "Suspensão de até (dias)",
      numeric: true,
      hint: "Em branco sem suspensão; 0 quando a lei suspende sem dizer por quanto tempo.",
    },
  ];
}

const decimal = (n: unknown) => (typeof n === "number" ? String(n).replace(".", ",") : "");
const tick = (b: unknown) => (b === true ? "1" : "");

function readPenalty(penalty: unknown): FieldValues {
  const [p = {}] = objectsIn([penalty]);
  const [fine] = objectsIn([p.fine]);
  const [suspension] = objectsIn([p.suspension]);
  return {
    advertencia: tick(p.warning),
    cassacao: tick(p.cassacao),
    multa_valor: decimal(fine?.amount),
    multa_min: decimal(fine?.min),
    multa_max: decimal(fine?.max),
    multa_unidade: str(fine?.unit),
    regulamento: tick(fine?.setByRegulation),
    suspensao_dias: suspension ? String(typeof suspension.maxDays === "number" ? suspension.maxDays : 0) : "",
  };
}

/** The penalty as typed, over what it had besides; or what is wrong, by field. */
function writePenalty(
  penalty: unknown,
  typed: FieldValues,
  fields: ListField[],
): { penalty: Doc } | { errors: FieldValues } {
  const [before = {}] = objectsIn([penalty]);
  const errors: FieldValues = {};
  const amounts: Record<string, number | undefined> = {};
  for (const [name, key, zero] of [
    ["multa_valor", "amount", false],
    ["multa_min", "min", true],
    ["multa_max", "max", false],
  ] as const) {
    const n = parseDecimal(typed[name] ?? "");
    if (!typed[name]) amounts[key] = undefined;
    else if (!Number.isFinite(n) || n < 0 || (n === 0 && !zero))
      errors[name] = `informe um número ${zero ? "" : "maior que zero "}(decimais com vírgula) ou deixe em branco.`;
    else amounts[key] = n;
  }
  // Typed, even wrongly: a wrong amount is named where it is, not as a missing one.
  const fined = ["multa_valor", "multa_min", "multa_max"].some((name) => typed[name]) || typed.regulamento === "1";
  const unit = typed.multa_unidade ?? "";
  if (fined && !isOption(fields, "multa_unidade", unit)) errors.multa_unidade = "escolha a unidade da multa.";
  if (!fined && unit) errors.multa_valor ??= "informe o valor da multa, ou marque que fica para o regulamento.";
  const days = typed.suspensao_dias ? Number(typed.suspensao_dias) : null;
  if (days !== null && (!Number.isInteger(days) || days < 0))
    errors.suspensao_dias = "informe os dias de suspensão, um número inteiro (0 quando a lei não diz).";
  if (Object.keys(errors).length) return { errors };
  const written: Doc = { ...before };
  const flag = (key: string, on: boolean) => (on || key in before ? (written[key] = on) : undefined);
  flag("warning", typed.advertencia === "1");
  flag("cassacao", typed.cassacao === "1");
  delete written.fine;
  delete written.suspension;
  if (fined) {
    const [fine = {}] = objectsIn([before.fine]);
    const next: Doc = { ...fine, ...amounts, unit };
    if (typed.regulamento === "1" || "setByRegulation" in fine) next.setByRegulation = typed.regulamento === "1";
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    written.fine = next;
  }
  if (days !== null) written.suspension = days > 0 ? { maxDays: days } : {};
  // Kept in their place when they were there before.
  const ordered = Object.fromEntries(
    [...Object.keys(before), ...Object.keys(written)]
      .filter((k, i, all) => all.indexOf(k) === i && k in written)
      .map((k) => [k, written[k]]),
  );
  return { penalty: ordered };
}

// ---- the classes and the catalogue -------------------------------------------------------------

const classes: ListEditor = {
  path: ["infractions", "classes"],
  key: "code",
  title: (c) => str(c.label) || str(c.code),
  fields: (doc) => [{ name: "nome", label: "Nome da classe" }, ...penaltyFields(doc)],
  read: (c) => ({ nome: str(c.label), ...readPenalty(c.penalty) }),
  write: (c, typed, { fields }) => {
    const penalty = writePenalty(c.penalty, typed, fields);
    const errors: FieldValues = "errors" in penalty ? { ...penalty.errors } : {};
    if (!typed.nome) errors.nome = "escreva o nome da classe, como a lei a chama.";
    return errorsOrEntry(errors, () => ({
      ...c,
      label: typed.nome,
      penalty: "penalty" in penalty ? penalty.penalty : c.penalty,
    }));
  },
};

const OFFENDER_LABELS: Record<(typeof OFFENDERS)[number], string> = {
  CONDUTOR: "O condutor (quem dirige)",
  TITULAR: "O titular da permissão ou autorização",
  OPERADORA: "A empresa (operadora)",
  QUALQUER: "Quem a cometer (a lei não distingue)",
};

const catalogue: ListEditor = {
  path: ["infractions", "catalogue"],
  key: "code",
  fields: (doc) => {
    const own = objectsIn(infractionsOf(doc).classes).map((c) => ({
      value: str(c.code),
      label: str(c.label) || str(c.code),
    }));
    return [
      { name: "descricao", label: "O que é a infração", rows: 2 },
      {
        name: "quem",
        label: "Quem comete a infração",
        options: OFFENDERS.map((value) => ({ value, label: OFFENDER_LABELS[value] })),
      },
      ...(own.length
        ? [
            {
              name: "classe",
              label: "Classe da infração",
              placeholder: "Sem classe (só a penalidade própria)",
              options: own,
            },
          ]
        : []),
      ...penaltyFields(doc),
    ];
  },
  // The penalty's fields are drawn only for an infraction the law gives a penalty of its own.
  read: (i) => ({
    descricao: str(i.description),
    quem: str(i.offender),
    classe: str(i.class),
    ...(i.penalty ? readPenalty(i.penalty) : {}),
  }),
  write: (i, typed, { fields }) => {
    const errors: FieldValues = {};
    if (!typed.descricao) errors.descricao = "escreva o que a infração é.";
    if (!OFFENDERS.some((o) => o === typed.quem)) errors.quem = "escolha quem comete a infração.";
    const hasClasses = fields.some((f) => f.name === "classe");
    if (hasClasses && typed.classe && !isOption(fields, "classe", typed.classe))
      errors.classe = "escolha uma das classes.";
    if (hasClasses && !typed.classe && !i.penalty)
      errors.classe = "escolha a classe: a infração não tem penalidade própria.";
    const penalty = i.penalty ? writePenalty(i.penalty, typed, fields) : null;
    if (penalty && "errors" in penalty) Object.assign(errors, penalty.errors);
    return errorsOrEntry(errors, () => {
      const { class: _, ...rest } = i;
      const written: Doc = {
        ...(hasClasses && !typed.classe ? rest : i),
        description: typed.descricao,
        offender: typed.quem,
      };
      if (hasClasses && typed.classe) written.class = typed.classe;
      if (penalty && "penalty" in penalty) written.penalty = penalty.penalty;
      return written;
    });
  },
};

export const INFRACTION_CLASSES_EDITOR = classes;
export const INFRACTIONS_EDITOR = catalogue;
