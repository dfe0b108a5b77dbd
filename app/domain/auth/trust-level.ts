// gov.br reliability levels (ADR 038). gov.br classifies accounts as bronze, prata (silver) and
// ouro (gold) — Portaria SEDGGME nº 2.154/2021. The level reaches the portal in the ID token:
// - the `reliability_info` claim (`{ level: "gold" | "silver" | "bronze" }`, gov.br's
//   govbr_confiabilidades_idtoken scope), read first; "ouro"/"prata"/"bronze" are accepted too;
// - otherwise the `amr` methods of this sign-in: a digital certificate (x509) is ouro; a bank,
//   the face match of the app or a gov.br in-person check is prata; anything else (passwd) bronze.
// Nothing recognisable means bronze: an unknown claim never raises a level.
import { Refusal } from "~/domain/refusal";

export const TRUST_LEVELS = ["bronze", "prata", "ouro"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export const TRUST_LEVEL_LABEL: Record<TrustLevel, string> = { bronze: "Bronze", prata: "Prata", ouro: "Ouro" };

const RANK: Record<TrustLevel, number> = { bronze: 1, prata: 2, ouro: 3 };

export function parseTrustLevel(value: unknown): TrustLevel | null {
  return typeof value === "string" && (TRUST_LEVELS as readonly string[]).includes(value)
    ? (value as TrustLevel)
    : null;
}

const NAMED: Record<string, TrustLevel> = {
  gold: "ouro",
  ouro: "ouro",
  silver: "prata",
  prata: "prata",
  bronze: "bronze",
};

// amr values as gov.br and RFC 8176 name them, mapped to the level they prove.
const AMR_LEVEL: Record<string, TrustLevel> = {
  x509: "ouro",
  certificado: "ouro",
  tse: "ouro",
  bank: "prata",
  banco: "prata",
  app: "prata",
  face: "prata",
  presencial: "prata",
};

/** The reliability level a set of ID-token claims proves (bronze when none is recognised). */
export function trustLevelFromClaims(claims: Record<string, unknown>): TrustLevel {
  const info = claims.reliability_info;
  if (info && typeof info === "object" && "level" in info) {
    const named = NAMED[String((info as { level: unknown }).level).toLowerCase()];
    if (named) return named;
  }
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  let level: TrustLevel = "bronze";
  for (const method of amr) {
    const mapped = typeof method === "string" ? AMR_LEVEL[method.toLowerCase()] : undefined;
    if (mapped && RANK[mapped] > RANK[level]) level = mapped;
  }
  return level;
}

/** Whether a sign-in at `have` (null: with a password) satisfies a minimum `need` (null: none). */
export function meetsTrustLevel(have: TrustLevel | null, need: TrustLevel | null): boolean {
  if (!need) return true;
  return have !== null && RANK[have] >= RANK[need];
}

export type TrustedAction = "driver" | "staff";

/** The action asks a gov.br level the sign-in does not have: where to go to get it. */
export class TrustLevelRequired extends Refusal {
  constructor(
    readonly required: TrustLevel,
    readonly have: TrustLevel | null,
  ) {
    super(
      "forbidden",
      `Esta ação exige entrar com gov.br com conta nível ${TRUST_LEVEL_LABEL[required].toLowerCase()} ou superior.`,
    );
  }
}

/** Throws TrustLevelRequired when the municipality's minimum for this kind of action is not met. */
export function assertTrustLevel(
  policy: { govbrDriverLevel: string | null; govbrStaffLevel: string | null },
  action: TrustedAction,
  have: TrustLevel | null,
): void {
  const need = parseTrustLevel(action === "driver" ? policy.govbrDriverLevel : policy.govbrStaffLevel);
  if (need && !meetsTrustLevel(have, need)) throw new TrustLevelRequired(need, have);
}
