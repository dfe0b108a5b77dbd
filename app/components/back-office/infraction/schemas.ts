// The forms of the auto de infração page, one per step of the process (the `intent` each sends),
// as zod schemas with pt-BR messages: the action parses with them.
import { z } from "zod";
import { isValidIsoDate } from "~/domain/eligibility/calendar";

const zDate = z.string().refine(isValidIsoDate, "Data inválida.");
const optNumber = (max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number({ error: "Informe um número." }).positive("Deve ser maior que zero.").max(max).optional(),
  );
export const Schemas = {
  notify: z.object({ notifiedOn: zDate, defenceDeadline: zDate }),
  defence: z.object({ receivedOn: zDate, summary: z.string().trim().min(5, "Resuma a defesa.").max(1000) }),
  decide: z.object({
    notice: z.literal("sim").optional(),
    warning: z.literal("sim").optional(),
    cassacao: z.literal("sim").optional(),
    fine: optNumber(1_000_000),
    suspensionDays: optNumber(3650),
    reason: z.string().trim().min(10, "Fundamente a decisão (ao menos 10 caracteres).").max(2000),
    notifiedOn: zDate,
    appealDeadline: z.preprocess((v) => (v === "" ? undefined : v), zDate.optional()),
    apply: z.literal("sim").optional(),
  }),
  archive: z.object({ reason: z.string().trim().min(10, "Explique por que o auto é arquivado.").max(2000) }),
  appeal: z.object({ receivedOn: zDate, summary: z.string().trim().min(5, "Resuma o recurso.").max(1000) }),
  appeal_ruling: z.object({
    outcome: z.enum(["DENIED", "GRANTED"], { error: "Escolha se o recurso é deferido ou indeferido." }),
    reason: z.string().trim().min(10, "Fundamente o julgamento do recurso (ao menos 10 caracteres).").max(2000),
    decidedOn: zDate,
  }),
};
