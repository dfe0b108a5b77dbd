// The closed vocabularies every rule pack speaks, and the primitive schemas they are built from.
import { z } from "zod";
import { isValidDuration, isValidIsoDate } from "~/domain/eligibility/calendar";

export const CATEGORIES = ["MOTOTAXI", "MOTOBOY", "MOTOFRETE", "APLICATIVO"] as const;
export const zCategory = z.enum(CATEGORIES);
export type Category = z.infer<typeof zCategory>;

/** How a natural person works; OPERADORA is the company's own credentialing. */
export const PERSON_MODES = ["AUTONOMO", "VINCULADO", "PREPOSTO"] as const;
export const MODES = [...PERSON_MODES, "OPERADORA"] as const;
export const zPersonMode = z.enum(PERSON_MODES);
export const zMode = z.enum(MODES);
export type Mode = z.infer<typeof zMode>;

export const ACT_KINDS = ["PERMISSAO", "AUTORIZACAO", "CREDENCIAMENTO", "REGISTRO", "CONCESSAO"] as const;
export const zActKind = z.enum(ACT_KINDS);
export type ActKind = z.infer<typeof zActKind>;

/** CNH categories (CTB art. 143) and their usual combinations on one licence. */
export const CNH_CATEGORIES = ["ACC", "A", "B", "C", "D", "E", "AB", "AC", "AD", "AE"] as const;
export const zCnhCategory = z.enum(CNH_CATEGORIES);
export type CnhCategory = z.infer<typeof zCnhCategory>;
/** Licences that include category A (motorcycles). */
export const CNH_WITH_A: CnhCategory[] = ["A", "AB", "AC", "AD", "AE"];
/** "Categoria B ou superior": every licence that includes B, C, D or E. */
export const CNH_B_OR_HIGHER: CnhCategory[] = ["B", "C", "D", "E", "AB", "AC", "AD", "AE"];

/** Permissions a person may already hold in the municipality (Patrocínio art. 8º names three). */
export const HELD_PERMISSIONS = [
  "TAXI",
  "TRANSPORTE_ESCOLAR",
  "TRANSPORTE_COLETIVO",
  "MOTOTAXI",
  "MOTOBOY",
  "MOTOFRETE",
  "APLICATIVO",
] as const;
export const zHeldPermission = z.enum(HELD_PERMISSIONS);
export type HeldPermission = z.infer<typeof zHeldPermission>;

/** Vehicle registration categories of CTB art. 96, II. */
export const REGISTRATION_CATEGORIES = ["PARTICULAR", "ALUGUEL", "OFICIAL", "APRENDIZAGEM", "DIPLOMATICO"] as const;
export const zRegistrationCategory = z.enum(REGISTRATION_CATEGORIES);
export type RegistrationCategory = z.infer<typeof zRegistrationCategory>;

/** Who owns the vehicle, seen from the applicant: HOLDER is the applicant (or, for a preposto, the titular). */
export const OWNER_KINDS = ["HOLDER", "OTHER_PERSON", "OPERATOR", "OTHER_COMPANY"] as const;
export const zOwnerKind = z.enum(OWNER_KINDS);
export type OwnerKind = z.infer<typeof zOwnerKind>;

export const BLOOD_TYPES = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];

export const CREDENTIAL_TYPES = [
  "CRACHA",
  "CERTIFICADO",
  "SELO_VISTORIA",
  "CERTIFICADO_OPERADOR",
  "AUTORIZACAO_TRANSITO",
] as const;
export const zCredentialType = z.enum(CREDENTIAL_TYPES);
export type CredentialType = z.infer<typeof zCredentialType>;

/** The fiscal units of the shipped towns; any town's own is its acronym (UFVI, UFIR, UPF…). */
export const FISCAL_UNITS = ["UFM", "UFPM", "UFML"] as const;
/** A municipality's fiscal unit as its law abbreviates it: 2 to 8 capital letters ("UFM", "UFVI"). */
export const zFiscalUnit = z
  .string()
  .regex(/^[A-Z]{2,8}$/, "Escreva a sigla da unidade fiscal como a lei a abrevia, em maiúsculas (ex.: UFM).")
  .refine(
    (u) => !["BRL", "DAYS", "MONTHS", "SWITCH"].includes(u),
    "Esta sigla é de outra unidade (reais, dias, meses).",
  );
/** Units a money amount may be written in: the town's fiscal unit, a fraction of the minimum wage, or reais. */
export const zMoneyUnit = z.union([z.enum(["SALARIO_MINIMO", "BRL"]), zFiscalUnit]);

/** Who hands a document in: the applicant, the titular (for a preposto), or the operator company. */
export const zSubmitter = z.enum(["REQUERENTE", "TITULAR", "OPERADORA"]);
export type Submitter = z.infer<typeof zSubmitter>;

const QUOTA_UNITS = ["PERMISSAO", "CONCESSAO", "VEICULO"] as const;
export const zQuotaUnit = z.enum(QUOTA_UNITS);
export type QuotaUnit = z.infer<typeof zQuotaUnit>;

export const zIsoDate = z.string().refine(isValidIsoDate, { message: "data inválida (use AAAA-MM-DD)" });
export const zDuration = z
  .string()
  .refine(isValidDuration, { message: "duração ISO-8601 inválida (ex.: P1Y, P6M, PT72H)" });

/** Stable snake_case id of a check ("min_age") — part of the API contract. */
export const zRuleId = z.string().regex(/^[a-z][a-z0-9_]*$/, "id em snake_case");
/** Stable UPPER_SNAKE code of a document, infraction or checklist item. */
export const zCode = z.string().regex(/^[A-Z][A-Z0-9_]*$/, "código em MAIÚSCULAS_COM_SUBLINHADO");
export const zIbgeCode = z.string().regex(/^\d{7}$/, "código IBGE de 7 dígitos");

/** A law ("Lei 9.503/1997 (CTB)", short name optional) or a CONTRAN resolution. */
export const ACT_LABEL_RE = /^(?:Lei [\d.]+\/\d{4}(?: \([A-Z]+\))?|Resolução CONTRAN [\d.]+\/\d{4})$/;
/** "Lei 4.883/2017, art. 5º, I": ordinal º for 1–9, cardinal from 10, "art. 139-A" for inserted ones. */
export const CITATION_RE =
  /^(?:Lei [\d.]+\/\d{4}(?: \([A-Z]+\))?|Resolução CONTRAN [\d.]+\/\d{4}), art\. (?:[1-9]º|[1-9]\d+)(?:-[A-Z])?(?:, .+)?$/;
export const zCitation = z.string().regex(CITATION_RE, 'citação no formato "Lei 4.883/2017, art. 5º, I"');
/** The act a valid citation names ("Lei 9.503/1997 (CTB), art. 139-A, II" → "Lei 9.503/1997 (CTB)"). */
export function citedAct(citation: string): string {
  return citation.slice(0, citation.indexOf(", art. "));
}

export const zAppliesTo = z.strictObject({
  modes: z.array(zMode).min(1),
  /** Absent: every category the pack offers. */
  categories: z.array(zCategory).min(1).optional(),
});
export type AppliesTo = z.infer<typeof zAppliesTo>;

/** Sets a NOT_SET credential's validity; shown as the city's choice, never as law. Required with one. */
export const SILENT_LAW_VALIDITY_PARAMETER = "validadeCredencialSemPrazoLegal";
