import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseTrustLevel, TRUST_LEVEL_LABEL } from "~/domain/auth/trust-level";
import { requireUser, safeRedirect } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";

// The stop before an action a municipality protects with a gov.br level (ADR 038): which level
// it asks, which this sign-in has, and the button that signs in again with gov.br and comes back.
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const required = parseTrustLevel(url.searchParams.get("exigido")) ?? "prata";
  const obtained = parseTrustLevel(url.searchParams.get("obtido"));
  return {
    required: TRUST_LEVEL_LABEL[required],
    requiredLevel: required,
    have: user.govbrLevel ? TRUST_LEVEL_LABEL[user.govbrLevel] : null,
    stillBelow: obtained !== null,
    voltar: safeRedirect(url.searchParams.get("voltar"), "/painel"),
  };
});
