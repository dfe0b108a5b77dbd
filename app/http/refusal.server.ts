// The one place a Refusal (app/domain/refusal.ts) becomes an HTTP answer. Every loader and
// action is wrapped in one of the two functions below, so no route catches a Refusal by hand:
// - withRefusals: the Refusal is thrown as its Response, and the ErrorBoundary shows it (loaders,
//   resource routes, and actions whose page has no place for a message);
// - withFormRefusals: for actions whose form shows `error` — "invalid" and "conflict" come back as
//   data({ error, field, errors }, { status }) and the form shows them in place; the rest is thrown.
//   A refusal that names a field comes back as that field's error (`errors[field]`, the shape of
//   ADR 021): <Field> shows it beside the field and <ErrorSummary> links to it.
// An action whose page needs more than the message (the intent, the typed values) catches with
// refusedForm(e, context), the same answer with that context beside it.
import { data, redirect } from "@remix-run/node";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "@remix-run/router";
import { isRefusal, type Refusal, type RefusalKind } from "~/domain/refusal";

export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "too-many": 429,
};

/** The answer to a Refusal: its message as text with its status; no session means the sign-in page. */
export function refusalResponse(refusal: Refusal, request?: Request): Response {
  if (refusal.kind === "unauthenticated" && request) {
    const url = new URL(request.url);
    return redirect(`/entrar?voltar=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return new Response(refusal.message, {
    status: REFUSAL_STATUS[refusal.kind],
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * What a form shows for a refusal it can show in place: the message as the form's `error`, or, when
 * the refusal names a field, as that field's error in `errors` (and `error` null).
 */
export type FormRefusal = { error: string | null; field: string | null; errors: Record<string, string | undefined> };

// The page reads the action's answer as one union: the refusal has every other key of the
// action's own answers, absent, so `actionData.intent` or `.errors` still type-check.
type Payload<R> = R extends DataWithResponseInit<infer D> ? D : R extends Response ? never : R;
type KeysOf<T> = T extends unknown ? keyof T : never;
type ShownRefusal<R> = FormRefusal & { [K in Exclude<KeysOf<Payload<R>>, keyof FormRefusal>]?: undefined };

const SHOWN_IN_FORM: readonly RefusalKind[] = ["invalid", "conflict"];

type Args = { request: Request };

/** For loaders and resource routes (and actions with no place for a message): a Refusal is thrown as its Response. */
export function withRefusals<A extends Args, R>(handler: (args: A) => Promise<R>): (args: A) => Promise<R> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (e) {
      throw isRefusal(e) ? refusalResponse(e, args.request) : e;
    }
  };
}

/**
 * In an action's catch, when the page needs its own context beside the message (the intent whose
 * panel shows it, the values typed): invalid and conflict come back to the form; the rest is thrown.
 */
export function refusedForm<C extends object>(e: unknown, context: C) {
  if (isRefusal(e) && SHOWN_IN_FORM.includes(e.kind)) {
    const errors = ("errors" in context ? context.errors : {}) as Record<string, string | undefined>;
    const shown: FormRefusal = e.field
      ? { error: null, field: e.field, errors: { ...errors, [e.field]: e.message } }
      : { error: e.message, field: null, errors };
    return data({ ...context, ...shown }, { status: REFUSAL_STATUS[e.kind] });
  }
  throw e;
}

/** For actions whose form shows `error`: invalid and conflict come back to the form; the rest is thrown. */
export function withFormRefusals<A extends Args, R>(
  handler: (args: A) => Promise<R>,
): (args: A) => Promise<R | DataWithResponseInit<ShownRefusal<R>>> {
  return withRefusals(async (args) => {
    try {
      return await handler(args);
    } catch (e) {
      return refusedForm(e, {}) as DataWithResponseInit<ShownRefusal<R>>;
    }
  });
}
