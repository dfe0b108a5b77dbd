// The auto de infração form: one schema for the page (before queueing) and the server.
import { z } from "zod";
import { instantAt } from "~/domain/time";

export const CLIENT_REF = /^[A-Za-z0-9_-]{16,64}$/;
const SERIAL = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const InfractionInputSchema = z.object({
  clientRef: z.string().regex(CLIENT_REF, "Identificador do auto inválido: recarregue a página."),
  serial: z.string().regex(SERIAL, "Credencial inválida."),
  code: z.string().min(1, "Escolha a infração.").max(80, "Escolha a infração."),
  place: z
    .string()
    .trim()
    .min(3, "Informe o local da infração (rua, número, bairro).")
    .max(200, "Escreva no máximo 200 caracteres."),
  // Checked here, turned into an instant once the credential's municipality (and zone) is known.
  occurredAt: z.string().refine((v) => parseOccurredAt(v, "UTC") !== null, "Informe a data e a hora da infração."),
  notes: z.string().trim().max(2000, "Escreva no máximo 2.000 caracteres.").default(""),
});

/** An instant with offset, or a no-JavaScript `datetime-local` read on the municipality's clock. */
export function parseOccurredAt(value: string, timeZone: string): Date | null {
  if (ISO_INSTANT.test(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (!LOCAL_DATE_TIME.test(value)) return null;
  return instantAt(value, timeZone);
}

export { localDateTime } from "~/domain/time";

/** A fresh client reference: what makes the same auto, sent twice, count once. */
export function newClientRef(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
