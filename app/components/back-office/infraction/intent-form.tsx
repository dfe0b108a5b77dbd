// One form per process step, each with its `intent`: errors and values go back to the one sent.
import { infractionSteps } from "~/forms/back-office";
import { constraintsOf, type FieldConstraint } from "~/forms/constraints";
import type { IntentResult } from "./types";

// Each step's text limits from its action's schema (ADR 021); number bounds come from the panel.
const LIMITS: Record<string, Record<string, FieldConstraint>> = Object.fromEntries(
  Object.entries(infractionSteps).map(([intent, schema]) => [intent, constraintsOf(schema)]),
);
const textLimits = (c: FieldConstraint | undefined) => (c ? { required: c.required, maxLength: c.maxLength } : {});

/** What the page says after each step went through (`?ok=<intent>`). */
export const DONE_MESSAGES: Record<string, string> = {
  notify: "Notificação registrada; o prazo de defesa está correndo.",
  defence: "Defesa registrada.",
  decide: "Auto julgado. A penalidade foi aplicada.",
  archive: "Auto arquivado.",
  appeal: "Recurso registrado.",
  appeal_ruling: "Julgamento do recurso registrado.",
  remedy: "Notificação atendida: a multa diária não corre mais.",
  daily_fine: "Multa diária aplicada.",
  removal: "Afastamento aplicado: a credencial está suspensa.",
};

export function intentForm(result: IntentResult | undefined, intent: string) {
  const errors = (result?.intent === intent ? (result.errors ?? {}) : {}) as Record<string, string | undefined>;
  const values = (result?.intent === intent ? (result.values ?? {}) : {}) as Record<string, string>;
  /** A labelled field whose error is tied to it for screen readers. */
  const field = (name: string, label: string, input: JSX.Element) => (
    <div className="campo">
      <label htmlFor={`${intent}-${name}`}>{label}</label>
      {input}
      {errors[name] ? (
        <p className="erro-campo" id={`${intent}-${name}-erro`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (name: string) => ({
    ...textLimits(LIMITS[intent]?.[name]),
    id: `${intent}-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${intent}-${name}-erro` : undefined,
  });
  return { errors, values, field, inputProps };
}
