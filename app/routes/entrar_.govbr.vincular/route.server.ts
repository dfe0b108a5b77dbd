import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { formatCount } from "~/domain/format";
import { zGovbrLink } from "~/forms/account";
import { zGovbrAccount } from "~/forms/govbr-account";
import { readForm } from "~/http/csrf.server";
import { govbrFailure, govbrLinkToken, signedIn } from "~/http/govbr.server";
import { actorOf } from "~/http/permissions.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { passRetryAfter } from "~/http/route-headers";
import { heldGovbrLink, linkGovbrAccount, type LinkResult, openGovbrAccount } from "~/models/govbr.server";
import { formError, parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const token = govbrLinkToken(request);
  const held = token ? await heldGovbrLink(token) : null;
  if (!held) return govbrFailure("expired", 400);
  return data(
    {
      error: null,
      accountWithCpf: held.accountWithCpf,
      askEmail: !held.providerEmail,
      askName: !held.identity.name,
      // The person's own gov.br e-mail, offered to confirm when gov.br did not verify it.
      suggestedEmail: held.providerEmail ? null : held.identity.email,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

async function finish(request: Request, result: LinkResult) {
  if (result.ok) throw await signedIn(request, result.userId, result.signIn, result);
  if (result.reason === "throttled") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(formError(`Muitas tentativas. Aguarde ${formatCount(minutes, "minuto", "minutos")} e tente de novo.`), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.reason === "expired") return govbrFailure("expired", 400);
  return data(formError("Senha incorreta. Nada foi vinculado."), { status: 400 });
}

export const action = withFormRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const token = govbrLinkToken(request);
  const held = token ? await heldGovbrLink(token) : null;
  if (!token || !held) return govbrFailure("expired", 400);
  const actor = actorOf(null, request);
  const intent = form.get("intent");
  if (intent === "claim" || intent === "create") {
    const parsed = parseForm(zGovbrAccount({ email: !held.providerEmail, name: !held.identity.name }), form);
    if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
    const details = { email: parsed.data.email ?? null, name: parsed.data.name ?? null, claim: intent === "claim" };
    return finish(request, await openGovbrAccount(token, details, actor));
  }
  const parsed = parseForm(zGovbrLink, form, { secret: ["password"] });
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  return finish(
    request,
    await linkGovbrAccount(token, parsed.data.password, context.clientIp ?? "desconhecido", actor),
  );
});

export const headers = passRetryAfter;
