// A rule said no: models throw a Refusal with a pt-BR message; only the HTTP layer turns it into
// a status and an answer (models never build a Response).

export type RefusalKind =
  "invalid" | "unauthenticated" | "forbidden" | "not-found" | "conflict" | "too-large" | "too-many";

export class Refusal extends Error {
  override readonly name = "Refusal";
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const isRefusal = (e: unknown): e is Refusal => e instanceof Refusal;

/** The input is wrong: the person can fix it and send again (400). */
export const invalid = (message: string, field?: string) => new Refusal("invalid", message, field);
/** The user may not do this (403). */
export const forbidden = (message = "Você não tem permissão para isso.") => new Refusal("forbidden", message);
/** There is no such thing, or the user may not know it exists (404). */
export const notFound = (message: string) => new Refusal("not-found", message);
/** The state of things does not allow it now (409). */
export const conflict = (message: string, field?: string) => new Refusal("conflict", message, field);
