// The one place a Refusal (app/domain/refusal.ts) becomes an HTTP answer: every loader and action
// is wrapped in withRefusals (thrown as a Response) or withFormRefusals (invalid and conflict shown
// in the form; a named field's as `errors[field]`, ADR 021), so no route catches one by hand.
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

/** A refusal shown in the form: its message as `error`, or as `errors[field]` when it names a field. */
type FormRefusal = { error: string | null; field: string | null; errors: Record<string, string | undefined> };

// The refusal carries the action's other keys as absent, so `actionData.intent` still type-checks.
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

/** withFormRefusals' answer with the page's own context beside it (the intent, the typed values). */
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
