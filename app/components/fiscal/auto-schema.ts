// The auto de infração form: one schema for the page (before queueing) and the server.
import { z } from "zod";

export const CLIENT_REF = /^[A-Za-z0-9_-]{16,64}$/;
const SERIAL = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const AUTO_TIME_ZONE = "America/Sao_Paulo";

export const AutoSchema = z.object({
  clientRef: z.string().regex(CLIENT_REF, "Identificador do auto inválido: recarregue a página."),
  serial: z.string().regex(SERIAL, "Credencial inválida."),
  code: z.string().min(1, "Escolha a infração.").max(80, "Escolha a infração."),
  place: z.string().trim().min(3, "Informe o local da infração (rua, número, bairro).").max(200, "Escreva no máximo 200 caracteres."),
  occurredAt: z
    .string()
    .transform((v) => parseOccurredAt(v))
    .refine((d): d is Date => d !== null, "Informe a data e a hora da infração."),
  notes: z.string().trim().max(2000, "Escreva no máximo 2.000 caracteres.").default(""),
});
export type AutoInput = z.output<typeof AutoSchema>;

/**
 * An instant with its offset (what the page sends), or a `datetime-local` value (what a form
 * without JavaScript sends), read as Brasília time.
 */
export function parseOccurredAt(value: string): Date | null {
  if (ISO_INSTANT.test(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (!LOCAL_DATE_TIME.test(value)) return null;
  const asUtc = new Date(`${value}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  return new Date(asUtc.getTime() - offsetMs(asUtc, AUTO_TIME_ZONE));
}

/** `datetime-local` value of an instant in Brasília time (the form's default). */
export function localDateTime(instant: Date, timeZone = AUTO_TIME_ZONE): string {
  return new Date(instant.getTime() + offsetMs(instant, timeZone)).toISOString().slice(0, 16);
}

function offsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const zoned = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return zoned - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A fresh client reference: what makes the same auto, sent twice, count once. */
export function newClientRef(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
