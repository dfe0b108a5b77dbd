// The driver's forms outside the fact catalogue (whose questions carry their own schemas, ADR 015),
// shared by the action that parses them and the page that derives its HTML limits from them.
import { z } from "zod";
import { zCpf } from "~/domain/br";
import { CATEGORIES, MODES } from "~/domain/rule-packs";

/** Starting an application: where (municipality), what (category), how (mode, company, titular). */
export const zNewApplication = z.object({
  municipio: z.string().min(1, "Escolha o município."),
  categoria: z.enum(CATEGORIES, { error: "Escolha a categoria." }),
  modo: z.enum(MODES, { error: "Escolha como você trabalha." }),
  operadora: z.string().optional(),
  titularCpf: z.preprocess((v) => (v === "" ? undefined : v), zCpf.optional()),
});
