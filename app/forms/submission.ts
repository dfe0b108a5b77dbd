// Sending an application for review (the wizard's last step): the applicant's declaration.
// Shared by the action that parses it and the page that shows its error (ADR 021).
import { z } from "zod";

export const zSubmitApplication = z.object({
  declaracao: z.literal("sim", { error: "Confirme a declaração de que as informações são verdadeiras." }),
});
