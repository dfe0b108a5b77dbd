// gov.br reliability levels (ADR 038; Portaria SEDGGME nº 2.154/2021), from the `reliability_info`
// claim, else the sign-in's `amr`. Nothing recognisable means bronze: never raise a level on doubt.
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

// ---- Sessions and the staff policy (ADR 053) ----

const rank = (level: TrustLevel | null) => (level ? RANK[level] : 0);

/** The stricter of two minimums (null: none). */
export function stricterLevel(a: TrustLevel | null, b: TrustLevel | null): TrustLevel | null {
  return rank(a) >= rank(b) ? a : b;
}

/** What of a municipality's gov.br policy concerns the sessions of its staff. */
type StaffSessionPolicy = { govbrStaffLevel: string | null; staffPasswordDisabled: boolean };

/** A session's sign-in: its gov.br level, or null for a portal password. */
export type SessionLevel = TrustLevel | null;

/** Every kind of session there is: a password, then each gov.br level. */
const SESSION_LEVELS: readonly SessionLevel[] = [null, ...TRUST_LEVELS];

/** Not a password session where staff passwords are off, not below the staff level. */
function staffSessionAllowed(policy: StaffSessionPolicy, have: SessionLevel): boolean {
  if (policy.staffPasswordDisabled && have === null) return false;
  return meetsTrustLevel(have, parseTrustLevel(policy.govbrStaffLevel));
}

/** Sessions a new role ends (it would act in them at once): those the staff policy forbids. */
export function sessionsEndedByGrant(policy: StaffSessionPolicy): SessionLevel[] {
  return SESSION_LEVELS.filter((l) => !staffSessionAllowed(policy, l));
}

/** Sessions a policy change ends; one that tightens nothing ends nothing. */
export function sessionsEndedByPolicyChange(before: StaffSessionPolicy, after: StaffSessionPolicy): SessionLevel[] {
  const passwordsTurnedOff = after.staffPasswordDisabled && !before.staffPasswordDisabled;
  const next = parseTrustLevel(after.govbrStaffLevel);
  const raised = rank(next) > rank(parseTrustLevel(before.govbrStaffLevel));
  return SESSION_LEVELS.filter((l) => (passwordsTurnedOff && l === null) || (raised && !meetsTrustLevel(l, next)));
}

/** Who acts, for a trust-level guard (`govbrLevel` absent or null: a password session). */
export type TrustedActor = { userId: string | null; govbrLevel?: SessionLevel };

/** Throws TrustLevelRequired unless met; the system (no userId) is not asked: levels are about people. */
export function assertActorTrustLevel(actor: TrustedActor, need: TrustLevel | null): void {
  if (actor.userId === null) return;
  const have = actor.govbrLevel ?? null;
  if (need && !meetsTrustLevel(have, need)) throw new TrustLevelRequired(need, have);
}
