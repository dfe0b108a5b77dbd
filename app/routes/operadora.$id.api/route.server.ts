import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { zApiKeyName } from "~/forms/operator";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { passNoStore } from "~/http/route-headers";
import { createApiKey, listApiKeys, revokeApiKey } from "~/models/api-key.server";
import { linkFor } from "~/models/user.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "manage:api-key");
  const keys = await listApiKeys(operator.id);
  return {
    frame: frameOf(operator),
    active: operator.status === "ACTIVE",
    base: linkFor("/api/v1"),
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "manage:api-key");
  const form = await readForm(request);
  if (form.get("intent") === "revogar") {
    await revokeApiKey(operator, String(form.get("keyId") ?? ""), actor);
    return redirect(`/operadora/${operator.id}/api?ok=revogada`);
  }
  const parsed = parseForm(zApiKeyName, form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  // The secret goes back in this one response and is never shown again (only its hash is kept).
  const { key, secret } = await createApiKey(operator, parsed.data.name, actor);
  return data({ created: { name: key.name, secret } }, { headers: { "Cache-Control": "no-store" } });
});

// The new key's secret is in this page only: its `no-store` must reach the browser.
export const headers = passNoStore;
