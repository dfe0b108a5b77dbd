// The wizard's draft as zod schemas: the same ones validate the forms and parse the stored JSON.
// Field validation lives in ~/domain/facts/answers; a step asks only what the pack reads.
import { z } from "zod";
import { isValidCpf, normalizeCpf } from "~/domain/br/cpf";
import { vehicleAnswers, type VehicleField } from "~/domain/facts/answers";

export const zVehicleDraft = z.object(vehicleAnswers);
export type VehicleDraft = z.infer<typeof zVehicleDraft>;

/** The vehicle form of exactly these fields (the ones the page asked). */
export function vehicleFormFor(fields: readonly VehicleField[]) {
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<VehicleField, true>>;
  return zVehicleDraft.pick(mask);
}

/** The draft's vehicle with the asked fields answered anew (a blank answer clears), the rest kept. */
export function withAnswers(
  vehicle: Partial<VehicleDraft>,
  answers: Partial<VehicleDraft>,
  fields: readonly VehicleField[],
): Partial<VehicleDraft> {
  const next: Record<string, unknown> = { ...vehicle };
  for (const f of fields) {
    if (answers[f] === undefined) delete next[f];
    else next[f] = answers[f];
  }
  return next as Partial<VehicleDraft>;
}

const zDraft = z.object({ vehicle: zVehicleDraft.partial().default({}) }).passthrough();
type Draft = z.infer<typeof zDraft>;

export function parseDraft(json: string): Draft {
  try {
    const parsed = zDraft.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : { vehicle: {} };
  } catch {
    return { vehicle: {} };
  }
}

/** The titular a preposto's draft names (the CPF as the preposto typed it, normalized); null for any other mode or an invalid CPF. */
export function titularCpfOf(app: { mode: string; draftJson: string }): string | null {
  if (app.mode !== "PREPOSTO") return null;
  const typed = (parseDraft(app.draftJson) as { titularCpf?: unknown }).titularCpf;
  return typeof typed === "string" && isValidCpf(typed) ? normalizeCpf(typed) : null;
}
