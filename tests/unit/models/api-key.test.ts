import { describe, expect, it } from "vitest";
import { authenticateApiKey } from "~/http/api-key.server";
import { createApiKey, driverStatusForOperator, revokeApiKey } from "~/models/api-key.server";
import { unlinkDriver } from "~/models/driver-link.server";
import { sha256Hex } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { credentialed, linkedDriver, registered, town, validCpf } from "../../e2e/fixtures/operator-support";

const bearer = (secret: string) =>
  new Request("http://localhost/api", { headers: { Authorization: `Bearer ${secret}` } });

describe("API keys", () => {
  it("are shown once and stored only as a sha256 with a visible prefix", async () => {
    const m = await town("lavras-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const { key, secret } = await createApiKey(operator, "Despacho", actor);
    expect(secret).toMatch(/^crd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.hash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(17));
    const auth = await authenticateApiKey(bearer(secret));
    expect(auth.ok && auth.caller.operator.id).toBe(operator.id);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toBeInstanceOf(Date);
  });

  it("answers 401 without a key, with an unknown key and with a revoked one", async () => {
    const m = await town("lavras-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const { key, secret } = await createApiKey(operator, "Despacho", actor);
    const codeOf = async (r: Request) => {
      const a = await authenticateApiKey(r);
      return a.ok ? null : { status: a.response.status, body: await a.response.json() };
    };
    expect(await codeOf(new Request("http://localhost/api"))).toMatchObject({
      status: 401,
      body: { error: { code: "missing_api_key" } },
    });
    expect(await codeOf(bearer(`${secret.slice(0, -1)}x`))).toMatchObject({
      status: 401,
      body: { error: { code: "invalid_api_key" } },
    });
    await revokeApiKey(operator, key.id, actor);
    expect(await codeOf(bearer(secret))).toMatchObject({
      status: 401,
      body: { error: { code: "revoked_api_key", message: expect.stringContaining("revogada") } },
    });
    await expect(revokeApiKey(operator, key.id, actor)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("cannot be created before the company is credentialed", async () => {
    const m = await town("lavras-mg");
    const r = await registered(m.id, { category: "APLICATIVO", kind: "PLATAFORMA" });
    const draft = await db.operator.findUniqueOrThrow({ where: { id: r.operatorId } });
    await expect(createApiKey(draft, "Cedo demais", r.actor)).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("driver status for an operator", () => {
  it("answers for the operator's own active drivers only: another operator's driver, an ended bond and an unknown CPF are alike", async () => {
    const m = await town("lavras-mg");
    const a = await credentialed(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", facts: { headOfficeHere: true } });
    const b = await credentialed(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", facts: { headOfficeHere: true } });
    const mine = await linkedDriver(a.operator, a.actor, "Motorista de A");
    const theirs = await linkedDriver(b.operator, b.actor, "Motorista de B");
    const status = await driverStatusForOperator(a.operator.id, mine.user.cpf);
    expect(status).toMatchObject({
      cpf: mine.user.cpf,
      name: "Motorista de A",
      credentialInForce: false,
      credentials: [],
      application: null,
    });
    expect(await driverStatusForOperator(a.operator.id, theirs.user.cpf)).toBeNull();
    expect(await driverStatusForOperator(a.operator.id, validCpf())).toBeNull();
    await unlinkDriver(
      a.operator,
      mine.link.id,
      {
        reason: "PEDIDO_CONDUTOR",
        eventAt: new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString().slice(0, 16),
        note: null,
        fileNow: true,
      },
      a.actor,
    );
    expect(await driverStatusForOperator(a.operator.id, mine.user.cpf)).toBeNull();
  });
});
