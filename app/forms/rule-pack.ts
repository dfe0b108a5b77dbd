// The parameter form, built from the pack's editable parameters; shared by action and page (ADR 021).
import { z } from "zod";

/** What the schema needs to know of a parameter. */
export type ParameterField = { key: string; unit: string; editable: boolean; value: number | null };

const PARAMETER_NOTE_MAX = 500;

/** The form name of a parameter's input. */
export const parameterName = (key: string) => `p:${key}`;

const WHOLE_UNIT: Record<string, string> = { DAYS: "dias", MONTHS: "meses" };

/** A switch's choice: "0" (off) or "1" (on). */
const switchValue = z.preprocess(
  (v) => (v === "0" ? 0 : v === "1" ? 1 : v),
  z.union([z.literal(0), z.literal(1)], { error: "Escolha sim ou não." }),
);

/** A parameter's input: blank (no value), or a number ≥ 0 (a whole one for days and months); comma as decimal mark. */
function parameterValue(unit: string) {
  if (unit === "SWITCH") return switchValue;
  const whole = WHOLE_UNIT[unit];
  const message = "Informe um número maior ou igual a zero, ou deixe em branco.";
  return z.preprocess(
    (v) => {
      const typed = typeof v === "string" ? v.trim().replace(",", ".") : "";
      return typed === "" ? null : Number(typed);
    },
    z
      .number({ error: message })
      .min(0, message)
      .refine((n) => !whole || Number.isInteger(n), `Informe um número inteiro de ${whole}.`)
      .nullable(),
  );
}

/** The fields alone (one per editable parameter, and the note): what the page derives its limits from. */
export function ruleParameterFields(parameters: readonly ParameterField[]) {
  const shape: Record<string, z.ZodType<number | null>> = {};
  for (const p of parameters) if (p.editable) shape[parameterName(p.key)] = parameterValue(p.unit);
  return z.object({
    ...shape,
    note: z
      .string()
      .trim()
      .min(1, "Explique a mudança (ex.: decreto nº, reajuste do salário mínimo).")
      .max(PARAMETER_NOTE_MAX, `Escreva no máximo ${PARAMETER_NOTE_MAX} caracteres.`),
  });
}

/** Publishing new parameter values with a reason; parses to the changed values only (none: refused). */
export function ruleParameters(parameters: readonly ParameterField[]) {
  const editable = parameters.filter((p) => p.editable);
  return ruleParameterFields(parameters).transform((form, ctx) => {
    const changed: Record<string, number | null> = {};
    for (const p of editable) {
      const value = (form as unknown as Record<string, number | null>)[parameterName(p.key)];
      if (value !== p.value) changed[p.key] = value;
    }
    if (Object.keys(changed).length === 0) {
      ctx.addIssue({ code: "custom", message: "Nenhum valor mudou: não há versão nova a publicar.", path: [] });
      return z.NEVER;
    }
    return { changed, note: form.note };
  });
}
