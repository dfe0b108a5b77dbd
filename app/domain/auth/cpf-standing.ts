// How far a CPF shown to staff can be trusted (ADR 054), pure and browser-safe: "confirmed" when
// gov.br proved it belongs to the account (the account is linked by gov.br's subject, ADR 038);
// "unconfirmed" when the person typed it (a password sign-up, an account a gestor or a company
// created); "contested" when gov.br proved it belongs to someone else, who took it: the account
// that had typed it lost it and was frozen for review. A contested account's CPF (and its
// person's) is a value that is never a CPF (it has letters), unique per account.
import { formatCpf, maskCpf } from "~/domain/br";

const CONTESTED = "contestado:";

/** What an account's CPF becomes when its holder proves it through gov.br (ADR 054). */
export const contestedCpf = (userId: string): string => `${CONTESTED}${userId}`;

export const isContestedCpf = (value: string): boolean => value.startsWith(CONTESTED);

/** What an account's e-mail becomes when the holder of the CPF needs it (ADR 054). */
export const contestedEmail = (userId: string): string => `${userId}@conta-bloqueada.invalid`;

export type CpfStanding = "confirmed" | "unconfirmed" | "contested";

/** A CPF as a staff screen shows it: the text (formatted or masked) and how far it is trusted. */
export type CpfView = { text: string; standing: CpfStanding; confirmedAt: string | null };

/**
 * The view of `cpf` given when gov.br confirmed it for its own account (null: never). `masked`
 * for lists (`***.456.789-**`). A contested value never shows: it is not a CPF.
 */
export function cpfView(cpf: string, confirmedAt: Date | null | undefined, opts: { masked?: boolean } = {}): CpfView {
  if (isContestedCpf(cpf)) return { text: "—", standing: "contested", confirmedAt: null };
  const text = opts.masked ? maskCpf(cpf) : formatCpf(cpf);
  return confirmedAt
    ? { text, standing: "confirmed", confirmedAt: confirmedAt.toISOString() }
    : { text, standing: "unconfirmed", confirmedAt: null };
}
