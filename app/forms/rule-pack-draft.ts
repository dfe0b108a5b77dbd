// A rule pack written in the portal (ADR 069): the document's text as the author typed it, and the
// publisher's choice of the day it takes effect.
import { z } from "zod";

/** A pack's document: the largest shipped one (Patrocínio) is 67 KB. */
export const PACK_DOCUMENT_MAX_CHARS = 400_000;

export const zDraftText = z.object({
  text: z
    .string()
    .min(1, "O texto do pacote está vazio: cole ou escreva o documento JSON.")
    .max(PACK_DOCUMENT_MAX_CHARS, `O texto passa de ${PACK_DOCUMENT_MAX_CHARS.toLocaleString("pt-BR")} caracteres.`),
});

export const zPublishDraft = z.object({
  effectiveOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Informe a data de início da vigência."),
  note: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(400, "Use até 400 caracteres."))
    .transform((v) => (v === "" ? null : v)),
});
