// The draft's documents as fields (issue #30's editor): what each is called on the checklist and how
// long it is valid — none, its own expiry, a term from its issue ("expedida há no máximo 90 dias"),
// or "recente" (days in a parameter, whose value the rules page sets). Read from the draft's
// document and written back into it; the checks judge the result like any save. Pure.
import { documentObject } from "./document";
import { objectsIn } from "./proposal-places";

export const VALIDITY_KINDS = ["NONE", "OWN_EXPIRY", "DURATION", "RECENT"] as const;
type ValidityKind = (typeof VALIDITY_KINDS)[number];
const UNITS = { D: "dias", M: "meses", Y: "anos" } as const;
type Unit = keyof typeof UNITS;

export interface DocumentField {
  /** Its place in the list and its type (the form sends both: the text may have changed since). */
  index: number;
  type: string;
  label: string;
  validity: ValidityKind | null;
  /** A DURATION's amount and unit ("P90D" → 90, "D"). */
  amount: number | null;
  unit: Unit;
  /** RECENT's parameter, kept as it is. */
  parameter: string | null;
  citation: string;
}

const TERM = /^P(\d+)([DMY])$/;

/** The draft's documents as fields; null when the text is not a JSON object. */
export function documentFields(text: string): DocumentField[] | null {
  const doc = documentObject(text);
  if (!doc) return null;
  return (Array.isArray(doc.documents) ? doc.documents : []).flatMap((entry, index) => {
    const [d] = objectsIn([entry]);
    if (!d || typeof d.type !== "string") return [];
    const [validity] = objectsIn([d.validity]);
    const kind = VALIDITY_KINDS.find((k) => k === validity?.kind) ?? null;
    const term = kind === "DURATION" ? TERM.exec(String(validity!.duration)) : null;
    return [
      {
        index,
        type: d.type,
        label: typeof d.label === "string" ? d.label : "",
        validity: kind,
        amount: term ? Number(term[1]) : null,
        unit: (term?.[2] as Unit | undefined) ?? "D",
        parameter: kind === "RECENT" && typeof validity!.parameter === "string" ? validity!.parameter : null,
        citation: typeof d.citation === "string" ? d.citation : "",
      },
    ];
  });
}

type Written = { ok: true; text: string; changed: number } | { ok: false; errors: Record<string, string> };

/**
 * The draft's text with the documents as typed ("documento.<index>.tipo", ".nome", ".validade",
 * ".prazo", ".unidade"): every field wrong is named at once and nothing is written then. A
 * document whose validity becomes "recente" keeps the parameter it had; one that had none is refused
 * (its days are a parameter the proposal creates with the law's word).
 */
export function withDocumentFields(text: string, typed: Readonly<Record<string, string>>): Written {
  const doc = documentObject(text);
  const fields = doc ? documentFields(text) : null;
  if (!doc || !fields || !Array.isArray(doc.documents))
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido ou não tem documentos." } };
  const errors: Record<string, string> = {};
  const updates = new Map<number, { label: string; validity: Record<string, unknown> }>();
  for (const field of fields) {
    const at = `documento.${field.index}`;
    if (typed[`${at}.tipo`] === undefined) continue;
    if (typed[`${at}.tipo`] !== field.type) {
      errors._form = "Os documentos do texto mudaram depois que a página abriu: recarregue e tente de novo.";
      continue;
    }
    const label = (typed[`${at}.nome`] ?? "").replace(/\s+/g, " ").trim();
    if (!label) errors[`${at}.nome`] = `${field.type}: escreva o nome do documento, como o condutor o conhece.`;
    const kind = VALIDITY_KINDS.find((k) => k === typed[`${at}.validade`]);
    const amount = Number(typed[`${at}.prazo`]);
    const unit = (Object.keys(UNITS) as Unit[]).find((u) => u === typed[`${at}.unidade`]) ?? "D";
    let validity: Record<string, unknown> | null = null;
    if (!kind) errors[`${at}.validade`] = `${field.type}: escolha a validade do documento.`;
    else if (kind === "DURATION" && !(Number.isInteger(amount) && amount > 0))
      errors[`${at}.prazo`] = `${field.type}: informe o prazo em ${UNITS[unit]}, um número inteiro maior que zero.`;
    else if (kind === "RECENT" && !field.parameter)
      errors[`${at}.validade`] =
        `${field.type}: “recente” precisa de um parâmetro de dias; inclua o documento pela proposta da lei, que o cria.`;
    else
      validity =
        kind === "DURATION"
          ? { kind, duration: `P${amount}${unit}` }
          : kind === "RECENT"
            ? { kind, parameter: field.parameter }
            : { kind };
    if (label && validity) updates.set(field.index, { label, validity });
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  let changed = 0;
  doc.documents = doc.documents.map((entry, index) => {
    const update = updates.get(index);
    const d = entry as Record<string, unknown>;
    if (!update) return entry;
    // The same validity keeps what it had besides (a term's own citation).
    const before = (d.validity ?? {}) as Record<string, unknown>;
    const sameValidity = before.kind === update.validity.kind && before.duration === update.validity.duration;
    if (d.label === update.label && sameValidity) return entry;
    changed++;
    return { ...d, label: update.label, validity: sameValidity ? before : update.validity };
  });
  return { ok: true, text: JSON.stringify(doc, null, 2), changed };
}
