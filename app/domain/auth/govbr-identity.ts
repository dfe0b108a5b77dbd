// What a verified gov.br ID token says about the person (ADR 038): `sub` is the CPF.
import { isValidCpf, normalizeCpf } from "~/domain/br";
import { type TrustLevel, trustLevelFromClaims } from "./trust-level";

export type GovbrIdentity = {
  cpf: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  level: TrustLevel;
};

const text = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

/** The identity in the claims, or null when the subject is not a valid CPF. */
export function govbrIdentityFromClaims(claims: Record<string, unknown>): GovbrIdentity | null {
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  // Only digits (gov.br sends 11); a formatted CPF is accepted, anything else is not a CPF.
  if (!/^[\d.-]{11,14}$/.test(sub)) return null;
  const cpf = normalizeCpf(sub);
  if (!isValidCpf(cpf)) return null;
  const email = text(claims.email, 200)?.toLowerCase() ?? null;
  return {
    cpf,
    name: text(claims.name, 120),
    email: email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
    emailVerified: claims.email_verified === true,
    level: trustLevelFromClaims(claims),
  };
}

/** When gov.br confirmed `cpf` (ADR 038, 044); null unless it is the account's own CPF. */
export const cpfConfirmedAt = (
  cpf: string,
  account: { cpf: string; cpfConfirmedAt: Date | null } | null | undefined,
): Date | null => (account && account.cpf === cpf ? account.cpfConfirmedAt : null);
