// The text of a municipality's law (ADR 067): saved by a platform admin, read by the public law page
// and beside every rule that cites it. A text with no article structure is refused, saying so.
import { type AppliedChange, consolidate } from "~/domain/laws/amendments";
import { type LawUnit, structureOfLaw } from "~/domain/laws/structure";
import { conflict, invalid, notFound } from "~/domain/refusal";
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
    // The law itself is one row whatever its label (a corrected number replaces it); an amendment is its label.
    const before = await tx.lawText.findFirst({
      where: input.position === 0 ? { municipalityId, position: 0 } : { municipalityId, label: input.label },
      select: { id: true },
    });
    const clash = await tx.lawText.findFirst({
      where: { municipalityId, label: input.label, position: { not: input.position } },
      select: { position: true },
    });
    if (clash)
      throw invalid(
        clash.position === 0
          ? "Esta é a própria lei: uma alteração tem outro número."
          : "Esta lei já está anexada como alteração.",
        "label",
      );
    const row = before
      ? await tx.lawText.update({
          where: { id: before.id },
          data: { ...input, savedAt: new Date(), savedById: actor.userId },
        })
      : await tx.lawText.create({ data: { municipalityId, ...input, savedById: actor.userId } });
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

/**
 * Saves (or replaces, by its label) an amending law of the municipality's law: applied after the
 * amendments already attached. Returns what it changed and what could not be applied.
 */
export async function saveAmendment(municipalityId: string, input: Omit<LawTextInput, "position">, actor: Actor) {
  const texts = await db.lawText.findMany({ where: { municipalityId }, select: { label: true, position: true } });
  const law = texts.find((t) => t.position === 0);
  if (!law) throw conflict("Anexe primeiro o texto da lei; depois, as leis que a alteram.");
  if (input.label === law.label) throw invalid("Esta é a própria lei: uma alteração tem outro número.", "label");
  const same = texts.find((t) => t.label === input.label);
  const position = same?.position ?? Math.max(...texts.map((t) => t.position)) + 1;
  await saveLawText(municipalityId, { ...input, position }, actor);
  const consolidated = await lawOf(municipalityId);
  return consolidated!.amendments.find((a) => a.label === input.label)!;
}

/** Takes an amending law off the consolidation (the law reads as if it had not been attached). */
export async function removeAmendment(municipalityId: string, label: string, actor: Actor) {
  await db.$transaction(async (tx) => {
    const row = await tx.lawText.findUnique({ where: { municipalityId_label: { municipalityId, label } } });
    if (!row || row.position === 0) throw notFound("Esta alteração não está anexada.");
    await tx.lawText.delete({ where: { id: row.id } });
    await audit(tx, actor, {
      action: "law_text.remove",
      subjectType: "LawText",
      subjectId: row.id,
      municipalityId,
      before: { label: row.label, position: row.position, characters: row.text.length },
    });
  });
}

export interface MunicipalLaw {
  label: string;
  title: string;
  publishedOn: string | null;
  /** The consolidated text: the law with its amendments applied in order. */
  units: LawUnit[];
  /** What looked wrong in the law's division, then what an amendment could not apply. */
  problems: string[];
  amendments: {
    label: string;
    title: string;
    publishedOn: string | null;
    changes: AppliedChange[];
    problems: string[];
  }[];
}

/** The municipality's law as units, consolidated with its amendments (null when no text is attached yet). */
export async function lawOf(municipalityId: string): Promise<MunicipalLaw | null> {
  const texts = await db.lawText.findMany({ where: { municipalityId }, orderBy: { position: "asc" } });
  const law = texts.find((t) => t.position === 0);
  if (!law) return null;
  const structure = structureOfLaw(law.text);
  const amending = texts.filter((t) => t.position > 0);
  const { units, changes, problems } = consolidate({ label: law.label, units: structure.units }, amending);
  return {
    label: law.label,
    title: law.title,
    publishedOn: law.publishedOn,
    units,
    problems: [...structure.problems, ...problems],
    amendments: amending.map((t) => ({
      label: t.label,
      title: t.title,
      publishedOn: t.publishedOn,
      changes: changes.filter((c) => c.amendment === t.label),
      problems: problems.filter((p) => p.startsWith(`${t.label}:`) || p.startsWith(`${t.label},`)),
    })),
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
