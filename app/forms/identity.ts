// The municipality's identity on its documents (ADR 027); the coat of arms is an upload.
import { z } from "zod";
import type { FieldList } from "./fields";

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

export const IDENTITY_FIELDS = [
  {
    name: "secretariaName",
    label: "Secretaria ou órgão que emite",
    hint: "Ex.: Secretaria Municipal de Trânsito e Transportes. Sai abaixo do nome da prefeitura.",
    autoComplete: "organization",
  },
  { name: "signatoryName", label: "Nome de quem assina", autoComplete: "off" },
  {
    name: "signatoryRole",
    label: "Cargo de quem assina",
    hint: "Ex.: Secretário Municipal de Trânsito. Deixe nome e cargo em branco para não imprimir assinatura.",
    autoComplete: "organization-title",
  },
] as const satisfies FieldList<keyof typeof zMunicipalIdentity.shape>;
