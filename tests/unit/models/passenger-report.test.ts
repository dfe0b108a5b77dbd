import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startSession } from "~/http/session.server";
import { listPassengerReports } from "~/models/passenger-report.server";
import { loader as staffList } from "~/routes/m.$municipio.relatos/route";
import { action as report, loader as reportForm } from "~/routes/v.relato";
import { answeredWorkDone } from "~/utils/after-answer.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, createUser } from "../../support/factories";

const ORIGIN = "http://localhost:3000";
// The limiter is in memory and per address: each test reports from its own address.
const newIp = () => `198.51.${randomInt(256)}.${randomInt(256)}`;

function post(fields: Record<string, string>, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`${ORIGIN}/v/relato`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(opts.headers ?? { origin: ORIGIN }) },
    body: new URLSearchParams(fields),
  });
  return report({ request, params: {}, context: { clientIp: opts.ip ?? newIp() } } as never);
}

const fields = (serial: string, extra: Record<string, string> = {}) => ({
  codigo: serial,
  tipo: "OVERCHARGING",
  mensagem: "Cobrou o dobro da tabela.",
  contato: "",
  site: "",
  ...extra,
});
/** The reports stored for the credential, once the work started after each answer has run (issue #35). */
const reportsOf = async (credentialId: string) => {
  await answeredWorkDone();
  return db.passengerReport.findMany({ where: { credentialId } });
};

describe("passenger reports", () => {
  it("stores a report against the credential's municipality and thanks the passenger (303 to the thank-you page)", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    const response = await post(fields(credential.serial.toLowerCase(), { contato: "(37) 99999-0000" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/v/relato?enviado=1");
    const rows = await reportsOf(credential.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      municipalityId: m.id,
      serial: credential.serial,
      kind: "OVERCHARGING",
      message: "Cobrou o dobro da tabela.",
      contact: "(37) 99999-0000",
      status: "OPEN",
    });
    const events = await db.auditEvent.findMany({ where: { subjectType: "PassengerReport", subjectId: rows[0].id } });
    expect(events).toHaveLength(1);
    expect(events[0].afterJson).not.toContain("99999"); // the trail says a report exists, not who left it
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    const response = await post(fields(credential.serial, { site: "https://spam.example" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/v/relato?enviado=1");
    expect(await reportsOf(credential.id)).toHaveLength(0);
  });

  it("accepts at most 5 reports per address in 10 minutes (429 after), other addresses unaffected", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(fields(credential.serial), { ip })).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    const limited = await post(fields(credential.serial), { ip });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Muitas consultas");
    expect((await post(fields(credential.serial))).status).toBe(303);
    expect(await reportsOf(credential.id)).toHaveLength(6);
  });

  it("counts a honeypot hit against the address's limit too", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    const ip = newIp();
    for (let i = 0; i < 5; i++) await post(fields(credential.serial, { site: "x" }), { ip });
    expect((await post(fields(credential.serial), { ip })).status).toBe(429);
    expect(await reportsOf(credential.id)).toHaveLength(0);
  });

  it("accepts only same-origin posts: Origin, or else Sec-Fetch-Site; refuses other sites and posts that say nothing", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    expect((await post(fields(credential.serial), { headers: { origin: "https://malicioso.example" } })).status).toBe(
      403,
    );
    expect((await post(fields(credential.serial), { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect((await post(fields(credential.serial), { headers: {} })).status).toBe(403);
    expect((await post(fields(credential.serial), { headers: { origin: "null" } })).status).toBe(403);
    expect(await reportsOf(credential.id)).toHaveLength(0);
    expect((await post(fields(credential.serial), { headers: { "sec-fetch-site": "same-origin" } })).status).toBe(303);
    expect(await reportsOf(credential.id)).toHaveLength(1);
  });

  it("re-renders the form with Portuguese messages (400) for a missing choice or an empty 'other'; thanks an unknown code alike", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    const noKind = await post(fields(credential.serial, { tipo: "" }));
    expect(noKind.status).toBe(400);
    expect(await noKind.text()).toContain("Escolha o que aconteceu.");
    const other = await post(fields(credential.serial, { tipo: "OTHER", mensagem: "" }));
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("Conte o que aconteceu.");
    // Whether a credential has the code is not told (issue #35): thanked as any report, stored nowhere.
    const unknown = await post(fields("ZZZZZ-MT-2026-000000"));
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("/v/relato?enviado=1");
    expect(await reportsOf(credential.id)).toHaveLength(0);
    expect(await db.passengerReport.count({ where: { serial: "ZZZZZ-MT-2026-000000" } })).toBe(0);
  });

  it("serves the form as static HTML without scripts, with the code filled in", async () => {
    const response = await reportForm({
      request: new Request(`${ORIGIN}/v/relato?codigo=abc-mt-2026-000001`),
      params: {},
      context: {},
    } as never);
    const html = await response.text();
    expect(html).not.toContain("<script");
    expect(html).toContain('name="codigo" value="ABC-MT-2026-000001"');
    expect(html).toContain('name="site"');
  });
});

describe("the municipality's list of reports", () => {
  it("shows each municipality only its own reports, with the credential attached", async () => {
    const a = await createMunicipality();
    const b = await createMunicipality();
    const ca = (await createSignedCredential(a)).credential;
    const cb = (await createSignedCredential(b)).credential;
    await post(fields(ca.serial, { tipo: "PHOTO_MISMATCH" }));
    await post(fields(cb.serial));
    await answeredWorkDone();
    const list = await listPassengerReports(a.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: "PHOTO_MISMATCH",
      credential: { serial: ca.serial, holderDisplayName: "Joana Teste", plate: "ABC1D23" },
    });
  });

  it("is open to staff of that municipality only (403 for another municipality's staff)", async () => {
    const a = await createMunicipality();
    const b = await createMunicipality();
    const analyst = await createUser();
    await db.roleAssignment.create({ data: { userId: analyst.id, role: "ANALISTA", municipalityId: a.id } });
    const cookie = (await startSession(new Request(`${ORIGIN}/entrar`), analyst.id)).split(";")[0];
    const load = (slug: string) =>
      staffList({
        request: new Request(`${ORIGIN}/m/${slug}/relatos`, { headers: { cookie } }),
        params: { municipio: slug },
        context: {},
      } as never);
    await expect(load(a.slug)).resolves.toMatchObject({ municipality: { name: a.name } });
    await expect(load(b.slug)).rejects.toMatchObject({ status: 403 });
  });
});
