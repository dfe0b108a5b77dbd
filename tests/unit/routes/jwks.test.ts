import { describe, expect, it } from "vitest";
import { activeKeyRow } from "~/models/signing-key.server";
import { loader } from "~/routes/[.]well-known.jwks[.]json";
import { createMunicipality, testActor } from "../../support/factories";

describe("GET /.well-known/jwks.json", () => {
  it("publishes the issuers' public keys with open CORS and cache headers", async () => {
    const m = await createMunicipality();
    const key = await activeKeyRow(m.id, testActor);
    const request = new Request("http://localhost/.well-known/jwks.json");
    const response = (await loader({
      request,
      params: {},
      context: { clientIp: "127.0.0.1", requestId: "jwks" },
    })) as Response;
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const jwks = await response.json();
    const published = jwks.keys.find((k: { kid: string }) => k.kid === key.kid);
    expect(published).toMatchObject({ kty: "EC", crv: "P-256", use: "sig", alg: "ES256", kid: key.kid });
    expect(published).not.toHaveProperty("d");
  });
});
