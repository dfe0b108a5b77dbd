import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { zForgotPassword } from "~/forms/account";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { passRetryAfter } from "~/http/route-headers";
import { startPasswordReset } from "~/models/user.server";
import { parseForm } from "~/utils/forms";
import { consumeLimit } from "~/utils/rate-limit.server";

export const action = withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zForgotPassword, form);
  if (!parsed.ok) return data({ sent: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const limit = await consumeLimit(`reset:ip:${context.clientIp}`, 10, 15 * 60_000);
  if (!limit.allowed) {
    return data(
      { sent: false, errors: { login: "Muitos pedidos. Aguarde alguns minutos." }, values: parsed.values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // Answered before the account is looked up: the answer and its timing are the same whether or
  // not the account exists (issue #35); the work, and its limit per account, come after.
  startPasswordReset(parsed.data.login, { ...actorOf(null, request), requestId: context.requestId ?? null });
  return data({ sent: true, errors: {} as Record<string, string | undefined> });
});

// The 429 keeps its Retry-After on the way to the browser.
export const headers = passRetryAfter;
