import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonFileAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { publishedJwks } from "~/models/signing-key.server";

// Public signing keys (api.md): open CORS, cacheable for a short while so a revocation
// reaches offline verifiers within minutes.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => {
  const jwks = await publishedJwks(new Date()); // each key's last day in its municipality's zone
  return jsonFileAnswer(jwks, "application/jwk-set+json", "public, max-age=300, stale-while-revalidate=60", {
    "Access-Control-Allow-Origin": "*",
  });
});
