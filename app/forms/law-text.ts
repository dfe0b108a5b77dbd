// The text of a municipality's law as the platform admin attaches it (ADR 067): pasted, or read
// from the PDF's text layer into the same field to be checked before it is saved.
import { z } from "zod";
import type { FieldList } from "./fields";

/** Characters a law's text may have: the longest municipal traffic codes are ~300 KB. */
export const LAW_TEXT_MAX_CHARS = 400_000;

export const zLawText = z.object({
  label: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().regex(/^Lei [\d.]+\/\d{4}$/, 'Escreva como as regras citam a lei: "Lei 4.544/2019".')),
  title: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(3, "Informe a ementa (do que a lei trata).").max(400, "Use até 400 caracteres.")),
  publishedOn: z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : v))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida.")
        .nullable(),
    ),
  text: z
    .string()
    .min(1, "Cole o texto da lei, ou envie o PDF acima.")
    .max(LAW_TEXT_MAX_CHARS, `O texto passa de ${LAW_TEXT_MAX_CHARS.toLocaleString("pt-BR")} caracteres.`),
});
export type LawTextForm = z.infer<typeof zLawText>;

export const LAW_TEXT_FIELDS = [
  {
    name: "label",
    label: "Lei",
    hint: 'Número e ano, como as regras a citam: "Lei 4.544/2019".',
    autoComplete: "off",
  },
  { name: "title", label: "Ementa", hint: "Do que a lei trata, como no cabeçalho dela.", autoComplete: "off" },
  { name: "publishedOn", label: "Data de publicação", type: "date" },
] as const satisfies FieldList<Exclude<keyof typeof zLawText.shape, "text">>;

/** The same fields for an amending law, labelled so the page's two forms never share a name. */
export const AMENDMENT_FIELDS = [
  {
    name: "label",
    label: "Lei que altera",
    hint: 'Número e ano: "Lei 1.301/2026".',
    autoComplete: "off",
  },
  { name: "title", label: "Ementa da alteração", hint: "Do que ela trata, como no cabeçalho.", autoComplete: "off" },
  { name: "publishedOn", label: "Data de publicação da alteração", type: "date" },
] as const satisfies FieldList<Exclude<keyof typeof zLawText.shape, "text">>;
