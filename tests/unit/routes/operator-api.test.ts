import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "~/models/api-key.server";
import { loader } from "~/routes/api.v1.operators.me.drivers.$cpf.status";
import { db } from "~/utils/db.server";
import { credentialed, linkedDriver, town, validCpf } from "../../e2e/fixtures/operator-support";
import { createSignedCredential } from "../../support/factories";

// GET /api/v1/operators/me/drivers/<cpf>/status, called as Remix calls it: the loader with a Request.
async function call(cpf: string, secret?: string) {
  const request = new Request(`http://localhost/api/v1/operators/me/drivers/${cpf}/status`, {
    headers: secret ? { Authorization: `Bearer ${secret}` } : {},
  });
  const response = (await loader({ request, params: { cpf }, context: {} } as unknown as Parameters<
    typeof loader
  >[0])) as Response;
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function setting() {
  const m = await town("jardim-ms", 25000);
  const a = await credentialed(m.id, {
    category: "MOTOTAXI",
    kind: "CONCESSIONARIA",
    facts: { declaredAssetsBrl: 20000 },
  });
  const b = await credentialed(m.id, {
    category: "MOTOTAXI",
    kind: "CONCESSIONARIA",
    facts: { declaredAssetsBrl: 20000 },
  });
  const driver = await linkedDriver(a.operator, a.actor, "Marcos Mototaxista");
  // His crachá, issued through an application linked to company A.
  const app = await db.application.create({
    data: {
      number: `REQ-API-${Date.now()}`,
      municipalityId: m.id,
      personId: driver.person.id,
      category: "MOTOTAXI",
      mode: "VINCULADO",
      linkedOperatorId: a.operator.id,
      packId: "jardim-ms",
      packVersion: "1.0.0",
      status: "ISSUED",
    },
  });
  const { credential } = await createSignedCredential(m, {
    holderPersonId: driver.person.id,
    validFrom: "2026-01-01",
    validUntil: "2099-12-31",
  });
  await db.credential.update({ where: { id: credential.id }, data: { applicationId: app.id } });
  const keyA = await createApiKey(a.operator, "Despacho A", a.actor);
  const keyB = await createApiKey(b.operator, "Despacho B", b.actor);
  return { a, b, driver, credential, keyA, keyB };
}

describe("GET /api/v1/operators/me/drivers/<cpf>/status", () => {
  it("tells the operator that its linked driver's credential is in force", async () => {
    const { driver, credential, keyA } = await setting();
    const { status, body, headers } = await call(driver.user.cpf, keyA.secret);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/json");
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body).toMatchObject({
      cpf: driver.user.cpf,
      name: "Marcos Mototaxista",
      credentialInForce: true,
      credentials: [
        { serial: credential.serial, type: "CRACHA", status: "ACTIVE", verdict: "VALID", validUntil: "2099-12-31" },
      ],
    });
    // The CPF may come masked.
    const masked = `${driver.user.cpf.slice(0, 3)}.${driver.user.cpf.slice(3, 6)}.${driver.user.cpf.slice(6, 9)}-${driver.user.cpf.slice(9)}`;
    expect((await call(masked, keyA.secret)).status).toBe(200);
  });

  it("is refused with a revoked key (401) and without one", async () => {
    const { a, driver, keyA } = await setting();
    await revokeApiKey(a.operator, keyA.key.id, a.actor);
    expect(await call(driver.user.cpf, keyA.secret)).toMatchObject({
      status: 401,
      body: { error: { code: "revoked_api_key" } },
    });
    expect(await call(driver.user.cpf)).toMatchObject({ status: 401, body: { error: { code: "missing_api_key" } } });
  });

  it("answers operator B's key about operator A's driver exactly as about an unknown CPF (404)", async () => {
    const { driver, keyB } = await setting();
    const other = await call(driver.user.cpf, keyB.secret);
    const unknown = await call(validCpf(), keyB.secret);
    expect(other).toMatchObject({ status: 404, body: { error: { code: "driver_not_found" } } });
    expect(other.body).toEqual(unknown.body);
    expect(await call("123.456.789-00", keyB.secret)).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_cpf" } },
    });
  });
});
