// The passenger's report (/v/relato). Browser-safe, so page and action share it (ADR 021).
import { z } from "zod";
import { PASSENGER_REPORT_KINDS } from "~/domain/credentials/passenger-report";
import { isWellFormedSerial, normalizeSerial } from "~/domain/credentials/typed-code";

const zReportFields = z.object({
  codigo: z
    .string()
    .transform((s) => normalizeSerial(s.slice(0, 64)))
    .refine(isWellFormedSerial, "Informe o código impresso na credencial."),
  tipo: z.enum(PASSENGER_REPORT_KINDS, { error: "Escolha o que aconteceu." }),
  mensagem: z.string().trim().max(2000, "Escreva no máximo 2.000 caracteres.").default(""),
  contato: z.string().trim().max(120, "Contato longo demais.").default(""),
});

/** The fields alone, for the page's limits (`constraintsOf`). */
export const passengerReportFields = zReportFields;

/** A passenger's report: "other" needs a few words saying what happened. */
export const zPassengerReport = zReportFields.refine((v) => v.tipo !== "OTHER" || v.mensagem.length >= 5, {
  path: ["mensagem"],
  message: "Conte o que aconteceu.",
});
