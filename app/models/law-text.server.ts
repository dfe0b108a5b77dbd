// The text of a municipality's law (ADR 067): saved by a platform admin, read by the public law page
// and beside every rule that cites it. A text with no article structure is refused, saying so.
import { type LawUnit, structureOfLaw } from "~/domain/laws/structure";
import { invalid } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { pdfText, PdfTextError } from "~/utils/pdf-text.server";
import { getStorage, storedBytes } from "~/utils/storage.server";
import { heavy } from "~/utils/upload-check.server";

/** A law's PDF as published: a few hundred KB is usual; a scanned one can be large. */
export const LAW_PDF_MAX_BYTES = 20 * 1024 * 1024;

export interface LawTextInput {
  label: string;
  title: string;
  publishedOn: string | null;
  text: string;
  /** 0 = the law; 1, 2… = its amendments in the order they apply. */
  position: number;
}

/** Saves (or replaces) a law's text, refusing one with no article; returns what the reading found. */
export async function saveLawText(municipalityId: string, input: LawTextInput, actor: Actor) {
  const structure = structureOfLaw(input.text);
  if (structure.units.length === 0) throw invalid(structure.problems[0], "text");
  await db.$transaction(async (tx) => {
    const before = await tx.lawText.findUnique({
      where: { municipalityId_label: { municipalityId, label: input.label } },
      select: { id: true, text: true },
    });
    const row = await tx.lawText.upsert({
      where: { municipalityId_label: { municipalityId, label: input.label } },
      create: { municipalityId, ...input, savedById: actor.userId },
      update: { ...input, savedAt: new Date(), savedById: actor.userId },
    });
    await audit(tx, actor, {
      action: before ? "law_text.replace" : "law_text.attach",
      subjectType: "LawText",
      subjectId: row.id,
      municipalityId,
      after: {
        label: input.label,
        position: input.position,
        characters: input.text.length,
        units: structure.units.length,
      },
    });
  });
  return structure;
}

export interface MunicipalLaw {
  label: string;
  title: string;
  publishedOn: string | null;
  units: LawUnit[];
  problems: string[];
  amendments: { label: string; title: string; publishedOn: string | null }[];
}

/** The municipality's law as units (null when no text is attached yet). */
export async function lawOf(municipalityId: string): Promise<MunicipalLaw | null> {
  const texts = await db.lawText.findMany({ where: { municipalityId }, orderBy: { position: "asc" } });
  const law = texts.find((t) => t.position === 0);
  if (!law) return null;
  const { units, problems } = structureOfLaw(law.text);
  return {
    label: law.label,
    title: law.title,
    publishedOn: law.publishedOn,
    units,
    problems,
    amendments: texts
      .filter((t) => t.position > 0)
      .map((t) => ({ label: t.label, title: t.title, publishedOn: t.publishedOn })),
  };
}

/**
 * The text of an uploaded law PDF (the stored, checked upload), for a person to check before
 * saving; the file itself is not kept. A PDF without a text layer, or whose text has no article,
 * is refused with what to do instead.
 */
export async function lawTextFromPdf(
  storageKey: string,
): Promise<{ ok: true; text: string; pages: number } | { ok: false; message: string }> {
  const storage = getStorage();
  try {
    const bytes = await storedBytes(storageKey, storage);
    // Under the upload path's semaphore, like every other parse of an uploaded file (HEAVY_CONCURRENCY).
    const { text, pages } = await heavy(() => pdfText(bytes));
    if (text.replace(/\s/g, "").length < 100)
      return {
        ok: false,
        message:
          "Este PDF não tem texto selecionável (parece uma imagem escaneada). Cole o texto da lei no campo abaixo — por exemplo, copiado do site da Câmara ou do diário oficial.",
      };
    if (structureOfLaw(text).units.length === 0)
      return {
        ok: false,
        message:
          "O texto deste PDF não tem artigos (Art. 1º, Art. 2º…). Confira se é a lei certa, ou cole o texto no campo abaixo.",
      };
    return { ok: true, text, pages };
  } catch (e) {
    if (e instanceof PdfTextError) return { ok: false, message: e.message };
    throw e;
  } finally {
    await storage.delete(storageKey);
  }
}
