// A credential's facts as people read them: the one source of every list that shows a credential.
// Browser-safe: the fiscal's offline scanner reads it with no connection.
import { formatDate } from "~/domain/format";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "./labels";

/** One line of a credential's description list: a term and its text. */
type Fact = { term: string; detail: string };

/** What the facts are read from: the public verdict's credential, or the signed claims offline. */
type FactSource = {
  serial: string;
  type: string;
  category: string;
  holderName: string;
  municipality?: { name: string; uf: string };
  plate?: string | null;
  operator?: string | null;
  validFrom: string;
  validUntil: string;
};

/** "01/01/2026 a 31/12/2027": a validity window of civil dates. */
export const validityText = (validFrom: string, validUntil: string) =>
  `${formatDate(validFrom)} a ${formatDate(validUntil)}`;

/** A status as shown to staff and fiscals: "Suspensa até 10/12/2026". */
export const statusText = (label: string, suspendedUntil: string | null | undefined) =>
  suspendedUntil ? `${label} até ${formatDate(suspendedUntil)}` : label;

/** A reason with its legal citation, when there is one: "Motivo (Lei 1/2020, art. 5º)". */
export const reasonText = (reason: string, citation: string | null | undefined) =>
  citation ? `${reason} (${citation})` : reason;

const FACTS = {
  holder: (c: FactSource) => ({ term: "Nome", detail: c.holderName }),
  registration: (c: FactSource) => ({ term: "Nº de registro", detail: c.serial }),
  category: (c: FactSource) => ({ term: "Categoria", detail: CATEGORY_LABELS[c.category] ?? c.category }),
  document: (c: FactSource) => ({ term: "Documento", detail: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type }),
  municipality: (c: FactSource) =>
    c.municipality ? { term: "Município", detail: `${c.municipality.name} (${c.municipality.uf})` } : null,
  plate: (c: FactSource) => (c.plate ? { term: "Placa", detail: c.plate } : null),
  operator: (c: FactSource) => (c.operator ? { term: "Empresa", detail: c.operator } : null),
  validity: (c: FactSource) => ({ term: "Validade", detail: validityText(c.validFrom, c.validUntil) }),
} satisfies Record<string, (c: FactSource) => Fact | null>;

type FactName = keyof typeof FACTS;

/** The named facts of a credential, in the order asked; a fact the credential lacks (no plate) is left out. */
export function credentialFacts(c: FactSource, names: readonly FactName[]): Fact[] {
  return names.flatMap((name) => FACTS[name](c) ?? []);
}

/** The public verdict's list (VerdictView and its template): what api.md gives, the typed code last. */
export const verdictFacts = (c: FactSource, code: string | null | undefined): Fact[] => [
  ...credentialFacts(c, ["holder", "category", "document", "municipality", "plate", "operator", "validity"]),
  { term: "Código", detail: code ?? c.serial },
];
