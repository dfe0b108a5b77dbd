import { publishedJwks } from "~/models/signing-key.server";

// Public signing keys (api.md): open CORS, cacheable for a short while so a revocation
// reaches offline verifiers within minutes.
export async function loader() {
  const jwks = await publishedJwks(new Date()); // each key's last day in its municipality's zone
  return new Response(JSON.stringify(jwks), {
    headers: {
      "Content-Type": "application/jwk-set+json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "public, max-age=300, stale-while-revalidate=60",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
