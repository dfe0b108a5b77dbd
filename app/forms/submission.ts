// The applicant's declaration sending an application for review (ADR 021).
import { z } from "zod";

export const zSubmitApplication = z.object({
  declaracao: z.literal("sim", { error: "Confirme a declaração de que as informações são verdadeiras." }),
});
