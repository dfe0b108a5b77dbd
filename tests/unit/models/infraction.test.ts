import { describe, expect, it } from "vitest";
import { newClientRef } from "~/components/fiscal/infraction-input";
import { itaunaMg } from "~/domain/rule-packs/shipped";
import { startSession } from "~/http/session.server";
import { createInfraction, infractionCatalogue } from "~/models/infraction.server";
import { action as postAuto } from "~/routes/fiscal.autos.novo";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, createUser, testActor } from "../../support/factories";

const now = new Date("2026-06-10T15:00:00Z");
const occurredAt = new Date("2026-06-10T14:30:00Z");
const YEAR = "2026";

async function itaunaLike() {
  const m = await createMunicipality("Itaúna de Teste");
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId: "itauna-mg" } });
}

async function fiscalOf(m: { id: string }) {
  const user = await createUser({ name: "Fiscal de Teste" });
  await db.roleAssignment.create({ data: { userId: user.id, role: "FISCAL", municipalityId: m.id } });
  return user;
}

const auto = (
  m: { id: string },
  credentialId: string,
  extra: Partial<Parameters<typeof createInfraction>[0]> = {},
) => ({
  clientRef: newClientRef(),
  municipalityId: m.id,
  credentialId,
  code: "DECORO",
  place: "Rua Silva Jardim, 120, Centro",
  occurredAt,
  ...extra,
});

describe("autos de infração", () => {
  it("records an auto with its number, the pack's class and citation, and an audit event", async () => {
    const m = await itaunaLike();
    const { credential } = await createSignedCredential(m);
    const { infraction, created } = await createInfraction(
      auto(m, credential.id, { code: "CADASTRO", notes: "Sem o certificado." }),
      testActor,
      now,
    );
    expect(created).toBe(true);
    expect(infraction).toMatchObject({
      number: `AI-${m.serialPrefix}-${YEAR}-000001`,
      code: "CADASTRO",
      class: "MEDIA",
      citation: "Lei 4.785/2013, art. 23, § 2º",
      place: "Rua Silva Jardim, 120, Centro",
      notes: "Sem o certificado.",
      status: "REGISTERED",
      credentialId: credential.id,
    });
    expect(JSON.parse(infraction.proposedJson)).toMatchObject({
      pack: { id: "itauna-mg" },
      class: { code: "MEDIA" },
      escalated: false,
    });
    const events = await db.auditEvent.findMany({ where: { subjectType: "Infraction", subjectId: infraction.id } });
    expect(events.map((e) => e.action)).toEqual(["infraction.create"]);
  });

  it("creates the same auto once, however many times it is sent (same clientRef)", async () => {
    const m = await itaunaLike();
    const { credential } = await createSignedCredential(m);
    const input = auto(m, credential.id);
    const first = await createInfraction(input, testActor, now);
    const again = await createInfraction(input, testActor, now);
    const racing = await Promise.all([1, 2, 3].map(() => createInfraction(input, testActor, now)));
    expect(again).toMatchObject({
      created: false,
      infraction: { id: first.infraction.id, number: first.infraction.number },
    });
    expect(racing.every((r) => r.infraction.id === first.infraction.id && !r.created)).toBe(true);
    expect(await db.infraction.count({ where: { clientRef: input.clientRef } })).toBe(1);
    expect(await db.auditEvent.count({ where: { subjectType: "Infraction", subjectId: first.infraction.id } })).toBe(1);
  });

  it("lets only one of two concurrent first sends in", async () => {
    const m = await itaunaLike();
    const { credential } = await createSignedCredential(m);
    const input = auto(m, credential.id);
    const results = await Promise.all([
      createInfraction(input, testActor, now),
      createInfraction(input, testActor, now),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.infraction.id)).size).toBe(1);
    expect(await db.infraction.count({ where: { credentialId: credential.id } })).toBe(1);
  });

  it("refuses a clientRef already used for a different auto (409)", async () => {
    const m = await itaunaLike();
    const { credential } = await createSignedCredential(m);
    const input = auto(m, credential.id);
    await createInfraction(input, testActor, now);
    await expect(createInfraction({ ...input, code: "CADASTRO" }, testActor, now)).rejects.toMatchObject({
      kind: "conflict",
    });
  });

  it("numbers autos in sequence per municipality and year, never reused", async () => {
    const a = await itaunaLike();
    const b = await itaunaLike();
    const ca = (await createSignedCredential(a)).credential;
    const cb = (await createSignedCredential(b)).credential;
    const numbers = [];
    for (const [m, c] of [
      [a, ca],
      [a, ca],
      [b, cb],
      [a, ca],
    ] as const)
      numbers.push((await createInfraction(auto(m, c.id), testActor, now)).infraction.number);
    expect(numbers).toEqual([
      `AI-${a.serialPrefix}-${YEAR}-000001`,
      `AI-${a.serialPrefix}-${YEAR}-000002`,
      `AI-${b.serialPrefix}-${YEAR}-000001`,
      `AI-${a.serialPrefix}-${YEAR}-000003`,
    ]);
    const nextYear = await createInfraction(
      auto(a, ca.id, { occurredAt: new Date("2027-01-02T12:00:00Z") }),
      testActor,
      new Date("2027-01-02T13:00:00Z"),
    );
    expect(nextYear.infraction.number).toBe(`AI-${a.serialPrefix}-2027-000001`);
  });

  it("escalates a repeat within a year to the next class (Itaúna, art. 24, parágrafo único)", async () => {
    const m = await itaunaLike();
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const { credential } = await createSignedCredential(m, { holderPersonId: person.id });
    await createInfraction(auto(m, credential.id, { occurredAt: new Date("2026-06-01T12:00:00Z") }), testActor, now);
    const second = await createInfraction(auto(m, credential.id), testActor, now);
    expect(second.infraction.class).toBe("LEVE");
    expect(JSON.parse(second.infraction.proposedJson)).toMatchObject({
      escalated: true,
      appliedClass: { code: "MEDIA" },
      repeat: { citation: "Lei 4.785/2013, art. 24, parágrafo único" },
    });
  });

  it("refuses an infraction the municipality's law does not list, a time in the future, another municipality's credential", async () => {
    const m = await itaunaLike();
    const other = await itaunaLike();
    const { credential } = await createSignedCredential(m);
    await expect(
      createInfraction(auto(m, credential.id, { code: "ART30_G1_I" }), testActor, now),
    ).rejects.toMatchObject({ kind: "invalid" });
    await expect(
      createInfraction(auto(m, credential.id, { occurredAt: new Date(now.getTime() + 3_600_000) }), testActor, now),
    ).rejects.toMatchObject({ kind: "invalid" });
    await expect(createInfraction(auto(other, credential.id), testActor, now)).rejects.toMatchObject({
      kind: "not-found",
    });
    expect(await db.infraction.count({ where: { credentialId: credential.id } })).toBe(0);
  });

  it("offers the pack's catalogue with class and citation", () => {
    expect(infractionCatalogue(itaunaMg).find((i) => i.code === "DANO_OU_RISCO")).toMatchObject({
      classCode: "GRAVE",
      citation: "Lei 4.785/2013, art. 23, § 3º",
    });
  });
});

describe("POST /fiscal/autos/novo (the phone's queue)", () => {
  async function post(user: { id: string }, body: Record<string, string>) {
    const setCookie = await startSession(new Request("http://localhost:3000/entrar"), user.id);
    const cookie = `${setCookie.split(";")[0]}; csrf=${"c".repeat(43)}`;
    const request = new Request("http://localhost:3000/fiscal/autos/novo", {
      method: "POST",
      headers: {
        cookie,
        origin: "http://localhost:3000",
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf: "c".repeat(43), ...body }),
    });
    return postAuto({ request, params: {}, context: { clientIp: "127.0.0.1" } } as never);
  }
  const fields = (serial: string, clientRef = newClientRef()) => ({
    clientRef,
    serial,
    code: "DECORO",
    place: "Praça da Matriz",
    occurredAt: new Date(Date.now() - 60_000).toISOString(),
    notes: "",
  });

  it("answers 201 with the number, then 200 with the same number for the same clientRef", async () => {
    const m = await itaunaLike();
    const fiscal = await fiscalOf(m);
    const { credential } = await createSignedCredential(m);
    const body = fields(credential.serial);
    const first = await post(fiscal, body);
    expect(first.status).toBe(201);
    const { number } = await first.json();
    const second = await post(fiscal, body);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ number, created: false });
    expect(await db.infraction.count({ where: { credentialId: credential.id } })).toBe(1);
  });

  it("refuses a fiscal of another municipality as for an unknown serial (404) and records nothing", async () => {
    const itauna = await itaunaLike();
    const lavras = await itaunaLike();
    const fiscalOfItauna = await fiscalOf(itauna);
    const { credential } = await createSignedCredential(lavras);
    const response = await post(fiscalOfItauna, fields(credential.serial));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "unknown_credential" } });
    expect(await db.infraction.count({ where: { credentialId: credential.id } })).toBe(0);
  });

  it("refuses someone who is not a fiscal", async () => {
    const m = await itaunaLike();
    const driver = await createUser();
    const { credential } = await createSignedCredential(m);
    await expect(post(driver, fields(credential.serial))).rejects.toMatchObject({ status: 403 });
  });

  it("answers 400 with field messages for an incomplete auto", async () => {
    const m = await itaunaLike();
    const fiscal = await fiscalOf(m);
    const { credential } = await createSignedCredential(m);
    const response = await post(fiscal, { ...fields(credential.serial), place: "" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_auto", fields: { place: expect.stringContaining("local") } },
    });
  });
});
