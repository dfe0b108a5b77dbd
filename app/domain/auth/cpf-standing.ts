// How far a CPF shown to staff can be trusted (ADR 054): confirmed by gov.br, typed, or contested
// (someone else proved it through gov.br). A contested CPF becomes a unique non-CPF value (letters).
import { formatCpf, maskCpf } from "~/domain/br";

const CONTESTED = "contestado:";

/** What an account's CPF becomes when its holder proves it through gov.br (ADR 054). */
export const contestedCpf = (userId: string): string => `${CONTESTED}${userId}`;

export const isContestedCpf = (value: string): boolean => value.startsWith(CONTESTED);

/** What an account's e-mail becomes when the holder of the CPF needs it (ADR 054). */
export const contestedEmail = (userId: string): string => `${userId}@conta-bloqueada.invalid`;

type CpfStanding = "confirmed" | "unconfirmed" | "contested";

/** A CPF as a staff screen shows it: the text (formatted or masked) and how far it is trusted. */
export type CpfView = { text: string; standing: CpfStanding; confirmedAt: string | null };

/** `confirmedAt`: when gov.br confirmed it (null: never). A contested value never shows. */
export function cpfView(cpf: string, confirmedAt: Date | null | undefined, opts: { masked?: boolean } = {}): CpfView {
  if (isContestedCpf(cpf)) return { text: "—", standing: "contested", confirmedAt: null };
  const text = opts.masked ? maskCpf(cpf) : formatCpf(cpf);
  return confirmedAt
    ? { text, standing: "confirmed", confirmedAt: confirmedAt.toISOString() }
    : { text, standing: "unconfirmed", confirmedAt: null };
}
