/** What a credential token says: `CredentialClaims` for the app, and a short wire form to keep the
 * QR small (ADR 002). Both schemas are strict, so nothing personal beyond the display name and the
 * plate (a CPF, an address) is accepted at signing or at verification. */
import { z } from "zod";

// The same vocabulary as the rule packs (app/domain/rule-packs/vocabulary.ts); a test keeps them equal.
export const CREDENTIAL_TYPES = [
  "CRACHA",
  "CERTIFICADO",
  "SELO_VISTORIA",
  "CERTIFICADO_OPERADOR",
  "AUTORIZACAO_TRANSITO",
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export const CATEGORIES = ["MOTOTAXI", "MOTOBOY", "MOTOFRETE", "APLICATIVO"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Wire codes: two letters each, readable when debugging a token, one byte more than a single letter. */
const TYPE_CODES = {
  CRACHA: "CR",
  CERTIFICADO: "CE",
  SELO_VISTORIA: "SV",
  CERTIFICADO_OPERADOR: "CO",
  AUTORIZACAO_TRANSITO: "AT",
} as const satisfies Record<CredentialType, string>;
export const CATEGORY_CODES = {
  MOTOTAXI: "MT",
  MOTOBOY: "MB",
  MOTOFRETE: "MF",
  APLICATIVO: "AP",
} as const satisfies Record<Category, string>;

const TYPE_BY_CODE = invert(TYPE_CODES);
const CATEGORY_BY_CODE = invert(CATEGORY_CODES);

/** Longest holder display name a token carries; longer names are abbreviated before signing (see display-name.ts). */
export const HOLDER_NAME_MAX = 48;

/** The domain form of a credential's signed claims. Deliberately has no room for anything else. */
export interface CredentialClaims {
  /** Municipality IBGE code (7 digits). */
  issuer: string;
  /** Printed serial, e.g. "JAR-2025-000123". */
  serial: string;
  type: CredentialType;
  category: Category;
  /** Display name as printed (may be abbreviated), at most 48 characters. */
  holderName: string;
  /** Vehicle plate, old (ABC1234) or Mercosul (ABC1D23) format, without the dash. */
  plate?: string;
  /** First day of validity, YYYY-MM-DD (inclusive, civil date of the issuer). */
  validFrom: string;
  /** Last day of validity, YYYY-MM-DD (inclusive, civil date of the issuer). */
  validUntil: string;
}

/** The wire form: what the JWS payload holds. */
interface WireClaims {
  iss: string;
  sn: string;
  t: (typeof TYPE_CODES)[CredentialType];
  c: (typeof CATEGORY_CODES)[Category];
  n: string;
  p?: string;
  /** valid-from, days since 1970-01-01 */
  vf: number;
  /** valid-until (inclusive), days since 1970-01-01 */
  vu: number;
}

const IBGE = /^\d{7}$/;
const SERIAL = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;
const PLATE = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Letters, marks, spaces and the punctuation found in names; no controls, no digits.
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const MIN_DAY = 10957; // 2000-01-01
const MAX_DAY = 47482; // 2099-12-31

const holderName = z
  .string()
  .refine((s) => s === s.normalize("NFC"), "name must be NFC-normalised")
  .refine((s) => s === s.trim() && !/\s{2}/.test(s), "name must be trimmed, single-spaced")
  .refine(
    (s) => [...s].length >= 1 && [...s].length <= HOLDER_NAME_MAX,
    `name must have 1..${HOLDER_NAME_MAX} characters`,
  )
  .refine((s) => NAME.test(s), "name has characters not allowed in a name");

const isoDate = z
  .string()
  .regex(ISO_DATE)
  .refine((s) => {
    const d = isoToEpochDay(s);
    return d !== null && d >= MIN_DAY && d <= MAX_DAY;
  }, "invalid calendar date");

export const credentialClaimsSchema = z
  .strictObject({
    issuer: z.string().regex(IBGE),
    serial: z.string().regex(SERIAL),
    type: z.enum(CREDENTIAL_TYPES),
    category: z.enum(CATEGORIES),
    holderName,
    plate: z.string().regex(PLATE).optional(),
    validFrom: isoDate,
    validUntil: isoDate,
  })
  .refine((c) => c.validFrom <= c.validUntil, { message: "validFrom after validUntil", path: ["validUntil"] });

const epochDay = z.number().int().min(MIN_DAY).max(MAX_DAY);

const wireClaimsSchema = z
  .strictObject({
    iss: z.string().regex(IBGE),
    sn: z.string().regex(SERIAL),
    t: z.enum(Object.values(TYPE_CODES) as [WireClaims["t"], ...WireClaims["t"][]]),
    c: z.enum(Object.values(CATEGORY_CODES) as [WireClaims["c"], ...WireClaims["c"][]]),
    n: holderName,
    p: z.string().regex(PLATE).optional(),
    vf: epochDay,
    vu: epochDay,
  })
  .refine((w) => w.vf <= w.vu, { message: "vf after vu", path: ["vu"] });

/** Domain → wire, with a fixed member order so the same claims always give the same payload bytes. */
export function toWire(claims: CredentialClaims): WireClaims {
  const c = credentialClaimsSchema.parse(claims);
  const wire: WireClaims = {
    iss: c.issuer,
    sn: c.serial,
    t: TYPE_CODES[c.type],
    c: CATEGORY_CODES[c.category],
    n: c.holderName,
    ...(c.plate !== undefined ? { p: c.plate } : {}),
    vf: isoToEpochDay(c.validFrom)!,
    vu: isoToEpochDay(c.validUntil)!,
  };
  return wire;
}

/** Wire → domain; null when the payload is not exactly a wire claims object. */
export function fromWire(input: unknown): CredentialClaims | null {
  const parsed = wireClaimsSchema.safeParse(input);
  if (!parsed.success) return null;
  const w = parsed.data;
  return {
    issuer: w.iss,
    serial: w.sn,
    type: TYPE_BY_CODE[w.t],
    category: CATEGORY_BY_CODE[w.c],
    holderName: w.n,
    ...(w.p !== undefined ? { plate: w.p } : {}),
    validFrom: epochDayToIso(w.vf),
    validUntil: epochDayToIso(w.vu),
  };
}

const DAY_MS = 86_400_000;

/** "2025-06-15" → days since 1970-01-01; null when not a real calendar date. */
function isoToEpochDay(iso: string): number | null {
  if (!ISO_DATE.test(iso)) return null;
  const [y, m, d] = iso.split("-").map(Number);
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

function epochDayToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function invert<K extends string, V extends string>(record: Record<K, V>): Record<V, K> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [v, k])) as Record<V, K>;
}
