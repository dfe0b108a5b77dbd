// A rule pack as a document (ADR 066): JSON text a gestor or a lawyer writes, validated by the JSON
// Schema published at /schemas/rule-pack.json (generated from zRulePack). The shipped cities'
// packs are such documents (cities/*.json); a document loads exactly as definePack would load
// the same data, so every check (schema, pack-checks, the federal floor) applies to it alike.
import { RulePackValidationError } from "./errors";
import { checkPack, definePack, type DefinePackOptions, type PackCheck } from "./load";
import type { RulePack, RulePackInput } from "./schema";

/** Where a document points editors for validation; not part of the pack. */
export const PACK_SCHEMA_KEY = "$schema";

/** Loads a parsed pack document: the pack's fields, plus the JSON Schema it may declare. */
export function packFromDocument(document: unknown, options: DefinePackOptions = {}): RulePack {
  if (document === null || typeof document !== "object" || Array.isArray(document))
    throw new RulePackValidationError("?", "documento", "o pacote deve ser um objeto JSON ({ … }).");
  const { [PACK_SCHEMA_KEY]: schema, ...fields } = document as Record<string, unknown>;
  if (schema !== undefined && typeof schema !== "string")
    throw new RulePackValidationError(String(fields.id ?? "?"), PACK_SCHEMA_KEY, "deve ser o endereço do esquema.");
  return definePack(fields as RulePackInput, options);
}

/** Line and column (from 1) of a character offset in text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The JSON in a document's text, or the pt-BR problem naming the line and column of its syntax error. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const offset = /position (\d+)/.exec(String((e as Error).message))?.[1];
    const where =
      offset === undefined
        ? ""
        : (({ line, column }) => ` na linha ${line}, coluna ${column}`)(lineAndColumn(text, Number(offset)));
    return { ok: false, problem: `o texto não é JSON válido${where}: confira vírgulas, aspas e chaves.` };
  }
}

/** Parses a pack document's text; a syntax error is refused naming its line and column. */
export function parsePackDocument(text: string, options: DefinePackOptions = {}): RulePack {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new RulePackValidationError("?", "documento", parsed.problem);
  return packFromDocument(parsed.value, options);
}

/** Every problem of a document's text at once (the editor's "Conferir"), or the pack it loads. */
export function checkPackDocument(text: string, options: DefinePackOptions = {}): PackCheck {
  const parsed = parseJson(text);
  if (!parsed.ok) return { pack: null, problems: [{ rule: "documento", problem: parsed.problem }] };
  const document = parsed.value;
  if (document === null || typeof document !== "object" || Array.isArray(document))
    return { pack: null, problems: [{ rule: "documento", problem: "o pacote deve ser um objeto JSON ({ … })." }] };
  const { [PACK_SCHEMA_KEY]: _schema, ...fields } = document as Record<string, unknown>;
  return checkPack(fields, options);
}

/**
 * A pack as the document that loads it again (every default written out), with the schema's
 * address: what an editor starts from when the pack in force is not a shipped file.
 */
export function documentOfPack(pack: RulePack, schemaUrl: string): string {
  return JSON.stringify({ [PACK_SCHEMA_KEY]: schemaUrl, ...pack }, null, 2);
}

/** A draft's text as the JSON object the forms read and write; null when it is not one (broken JSON, an array). */
export function documentObject(text: string): Record<string, unknown> | null {
  try {
    const doc = JSON.parse(text);
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
  } catch {
    return null;
  }
}
