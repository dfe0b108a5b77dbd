// The municipality's identity on its documents (/m/<slug>/identidade, ADR 027): the secretaria
// that issues, and who signs (name and title). The coat of arms comes through the upload path.
import { z } from "zod";

/** A printed line: trimmed, inner whitespace collapsed; blank clears it (null). */
const line = (max: number, tooLong: string) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, tooLong))
    .transform((v) => (v === "" ? null : v));

export const zMunicipalIdentity = z
  .object({
    secretariaName: line(120, "Use até 120 caracteres (o nome sai numa linha do crachá)."),
    signatoryName: line(80, "Use até 80 caracteres."),
    signatoryRole: line(120, "Use até 120 caracteres."),
  })
  .superRefine((v, ctx) => {
    if (v.signatoryName && !v.signatoryRole)
      ctx.addIssue({ code: "custom", path: ["signatoryRole"], message: "Informe o cargo de quem assina." });
    if (v.signatoryRole && !v.signatoryName)
      ctx.addIssue({ code: "custom", path: ["signatoryName"], message: "Informe o nome de quem assina." });
  });

export type MunicipalIdentityForm = z.infer<typeof zMunicipalIdentity>;
