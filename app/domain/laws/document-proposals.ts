// The documents a law asks the driver to present (issue #30, ADR 072), read from a unit's words:
// "apresentar certidão negativa criminal, expedida há no máximo 90 (noventa) dias" is a criminal
// record certificate valid 90 days from its issue. One unit may name several ("cópias da carteira de
// identidade, CPF e comprovante de residência"): each is a proposal, told apart by its type. What a
// document's validity is comes from the words after its name and before the next document's:
// a term ("expedida há no máximo N dias"), "atualizado"/"recente" (a number of days the law leaves
// to the gestor: a parameter), or the document's own expiry (a CNH, a CRLV, an insurance policy).
// Company papers (contrato social, CNDs, alvará) are not read: the modes they apply to are a choice
// the text rarely makes, and the author writes them by hand.
import { NUMBER, numberValue } from "./numbers";

/** A document a unit names, as a pack's document requirement would carry it. */
export interface DocumentReading {
  type: string;
  label: string;
  /** "NONE", "OWN_EXPIRY", "RECENT" (days in a parameter), or a term from its issue ("P90D", "P6M"). */
  validity: string;
  /** For RECENT: the word of the law ("recente", "atualizado"), which names the parameter. */
  recentWord?: string;
  /** "Do Município", "nesta cidade": issued in, or referring to, the municipality. */
  fromMunicipality: boolean;
  /** The crachá's photo. */
  holderPhoto: boolean;
  quantity?: number;
}

type Known = { type: string; label: string; words: RegExp; ownExpiry?: boolean; holderPhoto?: boolean };

/**
 * The documents the portal recognises by name, most specific first (an "atestado de antecedentes
 * criminais" is not read as a "certidão criminal" too). Types are the shipped packs' codes.
 */
const KNOWN: readonly Known[] = [
  // The licence the law asks a category of ("habilitação na categoria A"): the CNH that proves it.
  // A unit that only mentions the CNH (its EAR remark) asks no document of its own.
  {
    type: "CNH",
    label: "Carteira Nacional de Habilitação (CNH)",
    words:
      /(?:habilita[çc][ãa]o|\bCNH\b)[^.;]{0,80}?categorias?\s+[“"']?[A-E]\b|habilita[çc][ãa]o\s+(?:para|de)\s+motociclista/i,
    ownExpiry: true,
  },
  {
    type: "ATESTADO_ANTECEDENTES",
    label: "Atestado de antecedentes criminais",
    words: /atestados?\s+de\s+(?:bons\s+)?antecedentes\s+criminais/i,
  },
  {
    type: "CERTIDAO_CIVEL_CRIMINAL",
    label: "Certidão negativa cível e criminal",
    words: /certid(?:[ãa]o|[õo]es)\s+negativas?\s+[^;:.]{0,60}?c[íi]v(?:el|il|eis|is)\s+e\s+crimina(?:l|is)/i,
  },
  {
    type: "CERTIDAO_CRIMINAL",
    label: "Certidão negativa criminal",
    words:
      /certid(?:[ãa]o|[õo]es)\s+negativas?\s+(?:de\s+)?(?:registro\s+de\s+distribui[çc][ãa]o\s+|antecedentes\s+)?crimina(?:l|is)/i,
  },
  { type: "ATESTADO_MEDICO", label: "Atestado médico de sanidade física e mental", words: /atestados?\s+m[ée]dicos?/i },
  { type: "EXAME_TOXICOLOGICO", label: "Exame toxicológico", words: /exames?\s+toxicol[óo]gicos?/i },
  {
    type: "COMPROVANTE_RESIDENCIA",
    label: "Comprovante de residência",
    words: /comprovantes?\s+de\s+resid[êe]ncia|comprovantes?\s+de\s+endere[çc]o/i,
  },
  {
    type: "RG",
    label: "Documento de identidade (RG)",
    // "RG" in capitals only: "órgão" holds an "rg" between two letters \b does not see.
    words: /(?:[Cc]arteira|[Cc][ée]dula|[Dd]ocumento)\s+de\s+[Ii]dentidade|(?<!\p{L})RG(?!\p{L})/u,
  },
  { type: "CPF", label: "Inscrição no CPF", words: /\bCPF\b|cadastro\s+de\s+pessoas?\s+f[íi]sicas?/i },
  {
    type: "INSCRICAO_INSS",
    label: "Comprovante de inscrição no INSS como contribuinte individual",
    words:
      /inscri[çc][ãa]o\s+(?:no|junto\s+ao|como\s+contribuinte\s+individual\s+(?:do|no))\s+(?:INSS|Instituto\s+Nacional\s+do\s+Seguro\s+Social)/i,
  },
  {
    type: "CRLV",
    label: "Certificado de Registro e Licenciamento do Veículo (CRLV)",
    words: /\bCRLV\b|certificado\s+de\s+registro\s+e\s+licenciamento/i,
    ownExpiry: true,
  },
  {
    type: "SEGURO_APP",
    label: "Seguro de acidentes pessoais a passageiros (APP)",
    words: /seguro\s+(?:contra\s+|de\s+)acidentes\s+pessoais/i,
    ownExpiry: true,
  },
  {
    type: "FOTO_3X4",
    label: "Fotos 3x4 do condutor",
    words: /\b(?:fotos?|fotografias?)\s+3\s*x\s*4/i,
    holderPhoto: true,
  },
  // "Fotografa carimbada" (sic) in Jardim's law.
  {
    type: "FOTO",
    label: "Fotografia do condutor para o crachá",
    words: /\bfotograf(?:ia|a)s?\b/i,
    holderPhoto: true,
  },
];

const TERMS = [
  new RegExp(
    `(?:expedid[ao]s?|emitid[ao]s?)\\s+h[áa]\\s+(?:no\\s+m[áa]ximo|menos\\s+de)\\s*,?\\s*${NUMBER}\\s+(dias|meses|anos?)`,
    "i",
  ),
  new RegExp(`(?:validade|v[áa]lid[ao]s?)\\s+(?:de|por)\\s+${NUMBER}\\s+(dias|meses|anos?)`, "i"),
  new RegExp(`renov[áa]ve(?:l|is)\\s+a\\s+cada\\s+${NUMBER}\\s+(dias|meses|anos?)`, "i"),
];
const RECENT = /\b(recentes?|atualizad[ao]s?)\b/i;
const OF_MUNICIPALITY = /\b(?:d[oa]|n[oa]|deste|desta|neste|nesta)\s+(?:Munic[íi]pio|cidade|comarca)\b/i;
const QUANTITY = /\b(duas|dois|tr[êe]s)\s+(?:fotos|fotografias|vias|c[óo]pias)/i;

/** The term of validity a segment states, as an ISO duration, if any. */
function termOf(segment: string): string | null {
  for (const term of TERMS) {
    const m = term.exec(segment);
    const amount = m && numberValue(m[1], m[2]);
    if (amount) return `P${amount}${/^m/i.test(m[3]) ? "M" : /^a/i.test(m[3]) ? "Y" : "D"}`;
  }
  return null;
}

/** Documents joined by "e", "ou" or a comma share what follows the last of them ("A e B, renovável a cada 5 anos"). */
const JOINED = /^\s*(?:,|e|ou)?\s*$/i;

/** A unit that names documents without asking for them: an infraction ("deixar de renovar o atestado"). */
const NOT_ASKED = /^deixar\b/i;
/** An article listing what a company must do: the documents it names are the company's to demand. */
const COMPANY_DUTIES = /^(?:compete|competem|cabe|cabem)\s+(?:[àa]s?|aos?)\s+(?:empresas|operadoras)/i;
/** Words after a document's name that refer back to one asked elsewhere, or make it a partner's. */
const ELSEWHERE = /^[^,;.]{0,40}?(?:especificad|referid|de\s+que\s+trata|previst[oa]s?\s+n)|\bs[óo]cios?\b/i;
/** The criminal record of both courts, two certificates (Lavras art. 9º, III). */
const BOTH_COURTS = /^\s*da\s+Justi[çc]a\s+(?:Estadual\s+e\s+Federal|Federal\s+e\s+Estadual)/i;

/** Each court's certificate, where the law asks for both. */
function perCourt(reading: DocumentReading, segment: string): DocumentReading[] {
  if (reading.type !== "CERTIDAO_CRIMINAL" || !BOTH_COURTS.test(segment)) return [reading];
  return [
    { ...reading, type: "CERTIDAO_CRIMINAL_ESTADUAL", label: "Certidão negativa criminal da Justiça Estadual" },
    { ...reading, type: "CERTIDAO_CRIMINAL_FEDERAL", label: "Certidão negativa criminal da Justiça Federal" },
  ];
}

/**
 * The documents a unit names, each with what its own words say of its validity and origin; none for
 * a unit of an article of a company's duties, or one that only speaks of a document (an infraction).
 */
export function documentsNamedIn(text: string, article = ""): DocumentReading[] {
  if (NOT_ASKED.test(text) || COMPANY_DUTIES.test(article)) return [];
  const found: { known: Known; start: number; end: number }[] = [];
  for (const known of KNOWN) {
    const m = known.words.exec(text);
    if (!m) continue;
    const start = m.index;
    const end = start + m[0].length;
    // A more specific name already covers these words.
    if (found.some((f) => start < f.end && end > f.start)) continue;
    found.push({ known, start, end });
  }
  found.sort((a, b) => a.start - b.start);
  const segments = found.map(({ end }, i) => text.slice(end, found[i + 1]?.start ?? text.length));
  const shared = (i: number): string =>
    i < segments.length - 1 && JOINED.test(segments[i]) ? shared(i + 1) : segments[i];
  return found.flatMap(({ known, start, end }, i) => {
    if (ELSEWHERE.test(segments[i])) return [];
    // A term is shared by the documents joined before it; "atualizado" agrees with its own noun only.
    const term = termOf(shared(i));
    const named = text.slice(start, end);
    // "CRLV atualizado" is one not expired: a document with its own expiry is never "recent".
    const recent = known.ownExpiry ? null : RECENT.exec(`${named} ${segments[i]}`);
    const quantity = QUANTITY.exec(text.slice(Math.max(0, start - 12), end));
    const reading: DocumentReading = {
      type: known.type,
      label: known.label,
      validity: term ?? (recent ? "RECENT" : known.ownExpiry ? "OWN_EXPIRY" : "NONE"),
      ...(recent && !term ? { recentWord: recent[1].toLowerCase().replace(/s$/, "") } : {}),
      fromMunicipality: OF_MUNICIPALITY.test(segments[i].split(/[;,]/)[0] ?? ""),
      holderPhoto: Boolean(known.holderPhoto),
      ...(quantity ? { quantity: numberValue(undefined, quantity[1].toLowerCase()) ?? undefined } : {}),
    };
    return perCourt(reading, segments[i]);
  });
}

const TERM_WORDS: Record<string, string> = { D: "dias", M: "meses", Y: "anos" };

/** The reading in a sentence: "Certidão negativa criminal, expedida há no máximo 90 dias". */
export function documentSentence(d: Pick<DocumentReading, "label" | "validity" | "recentWord" | "quantity">): string {
  const label = d.quantity && d.quantity > 1 ? `${d.label} (${d.quantity} vias)` : d.label;
  const term = /^P(\d+)([DMY])$/.exec(d.validity);
  if (term) return `${label}, com no máximo ${term[1]} ${TERM_WORDS[term[2]]} de expedição`;
  if (d.validity === "RECENT")
    return `${label} “${d.recentWord ?? "recente"}”: até quantos dias, o gestor define (90 por padrão)`;
  if (d.validity === "OWN_EXPIRY") return `${label}, dentro da validade`;
  return label;
}
