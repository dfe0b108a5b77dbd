// Each municipality's civil day is its own (Municipality.timeZone). Jardim (MS) is on
// America/Campo_Grande, UTC−4; São Paulo is UTC−3: between 03:00 and 04:00 UTC São Paulo is
// already on the next day and Jardim is not. Every test here picks an instant in that hour.
import { describe, expect, it } from "vitest";
import { type Refusal } from "~/domain/refusal";
import { approveAndIssue } from "~/models/approval.server";
import { runDailyJobs } from "~/models/daily-jobs.server";
import { verifyCredentialSerial, verifyCredentialToken } from "~/models/verification.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { civilDay } from "../../support/dates";
import { createMunicipality, createSignedCredential, testActor } from "../../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../../support/journey";

const staff = { ...testActor, role: "ANALISTA" };
const CAMPO_GRANDE = "America/Campo_Grande";

async function jardim() {
  const m = await createMunicipality("Jardim de Teste");
  return db.municipality.update({ where: { id: m.id }, data: { uf: "MS", timeZone: CAMPO_GRANDE } });
}

describe("the municipality's civil day", () => {
  it("keeps a Jardim credential VÁLIDO through the last hour of its last day, when São Paulo's is already over", async () => {
    const [sp, ms] = [await createMunicipality("Itaúna de Teste"), await jardim()];
    const inSp = await createSignedCredential(sp, { validFrom: "2026-01-01", validUntil: "2026-06-10" });
    const inMs = await createSignedCredential(ms, { validFrom: "2026-01-01", validUntil: "2026-06-10" });
    const now = new Date("2026-06-11T03:30:00Z"); // 11/06 00:30 in São Paulo, 10/06 23:30 in Jardim
    const opts = { now, channel: "QR" as const, withPhoto: false };
    expect((await verifyCredentialToken(inSp.token, opts)).body).toMatchObject({
      verdict: "EXPIRED",
      reason: "expired",
    });
    expect((await verifyCredentialToken(inMs.token, opts)).body.verdict).toBe("VALID");
    expect((await verifyCredentialSerial(inMs.credential.serial, { now, channel: "CODIGO" })).body.verdict).toBe(
      "VALID",
    );
    expect(
      (await verifyCredentialToken(inMs.token, { ...opts, now: new Date("2026-06-11T04:00:00Z") })).body.verdict,
    ).toBe("EXPIRED");
  });

  it("the daily job expires a credential after its last day in its own municipality's zone", async () => {
    const [sp, ms] = [await createMunicipality("Itaúna de Teste"), await jardim()];
    const inSp = await createSignedCredential(sp, { validFrom: "2026-01-01", validUntil: "2026-06-10" });
    const inMs = await createSignedCredential(ms, { validFrom: "2026-01-01", validUntil: "2026-06-10" });
    await runDailyJobs(new Date("2026-06-11T03:30:00Z"));
    expect((await db.credential.findUniqueOrThrow({ where: { id: inSp.credential.id } })).status).toBe("EXPIRED");
    expect((await db.credential.findUniqueOrThrow({ where: { id: inMs.credential.id } })).status).toBe("ACTIVE");
    await runDailyJobs(new Date("2026-06-11T04:30:00Z"));
    expect((await db.credential.findUniqueOrThrow({ where: { id: inMs.credential.id } })).status).toBe("EXPIRED");
  });

  it("counts an age on the birthday by the municipality's day: not yet 21 at 23:30 in Campo Grande, 21 an hour later", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await db.municipality.update({ where: { id: municipality.id }, data: { timeZone: CAMPO_GRANDE } });
    // Today in Campo Grande, as the test runs (the submission reads the real clock, so the day must
    // not be after Campo Grande's — São Paulo's date is a day ahead from 03:00 to 04:00 UTC): the
    // 21st birthday is that day; approval is tried at 23:30 the evening before and 00:30 of it.
    const day = civilDay(0, CAMPO_GRANDE);
    const birthday = `${Number(day.slice(0, 4)) - 21}${day.slice(4)}`;
    const app = await db.application.findUniqueOrThrow({ where: { id: applicationId } });
    await db.person.update({ where: { id: app.personId! }, data: { birthDate: birthday } });
    await submittedAndAccepted(applicationId, actor, staff);
    const v = await scheduleVistoria(applicationId, municipality.id, new Date(), "Pátio da Prefeitura", staff);
    await recordVistoria(v.id, municipality.id, { failedItems: [] }, staff);

    const eve = new Date(`${day}T03:30:00Z`); // 23:30 of the day before in Campo Grande
    const refusal = (await approveAndIssue(applicationId, municipality.id, staff, eve).catch(
      (r: Refusal) => r,
    )) as Refusal;
    expect(refusal.kind).toBe("conflict");
    expect(refusal.message).toMatch(/21 anos/);

    await approveAndIssue(applicationId, municipality.id, staff, new Date(`${day}T04:30:00Z`));
    const badge = await db.credential.findFirstOrThrow({ where: { applicationId, type: "CRACHA" } });
    expect(badge.validFrom).toBe(day); // validity starts on the municipality's day, 00:30 there
  });
});

describe("the verdict honours the token's own dates", () => {
  const now = new Date("2026-06-01T15:00:00Z");
  const opts = { now, channel: "QR" as const, withPhoto: false };

  it("a genuinely signed token whose validity starts tomorrow is not valid, whatever the record says", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, {
      validFrom: "2026-06-02",
      validUntil: "2027-06-01",
    });
    // The record was moved earlier (an edit, a bug): the signed vf still rules.
    await db.credential.update({ where: { id: credential.id }, data: { validFrom: "2026-01-01" } });
    const { body } = await verifyCredentialToken(token, opts);
    expect(body).toEqual({ verdict: "INVALID", reason: "not_yet_valid", checkedAt: now.toISOString() });
    // From its first day on, it is VÁLIDO.
    expect((await verifyCredentialToken(token, { ...opts, now: new Date("2026-06-02T12:00:00Z") })).body.verdict).toBe(
      "VALID",
    );
  });

  it("a token past its signed vu is VENCIDO even while the record is ACTIVE with a later end", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, {
      validFrom: "2026-01-01",
      validUntil: "2026-05-31",
    });
    await db.credential.update({ where: { id: credential.id }, data: { validUntil: "2026-12-31", status: "ACTIVE" } });
    const { body } = await verifyCredentialToken(token, opts);
    expect(body).toMatchObject({
      verdict: "EXPIRED",
      reason: "expired",
      credential: { serial: credential.serial, validFrom: "2026-01-01", validUntil: "2026-05-31" },
    });
  });

  it("the record still counts: a SUSPENDED record beats a token in force", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m);
    await db.credential.update({ where: { id: credential.id }, data: { status: "SUSPENDED" } });
    expect((await verifyCredentialToken(token, opts)).body).toMatchObject({
      verdict: "SUSPENDED",
      reason: "suspended",
    });
  });
});

describe("the administrator sets the zone", () => {
  it("a new municipality takes its UF's zone unless another is given; an unknown zone is refused; a change is audited", async () => {
    const { createMunicipality: create, setMunicipalityTimeZone } = await import("~/models/municipality.server");
    const n = Date.now() % 100000;
    const letters = String.fromCharCode(65 + (n % 26), 65 + ((n >> 3) % 26), 65 + ((n >> 6) % 26));
    const base = {
      name: "Bonito de Teste",
      slug: `bonito-${n}`,
      population: 20000,
      fiscalUnitName: "UFM",
      rulePackId: "jardim-ms",
    };
    const ms = await create(
      { ...base, ibgeCode: String(5000000 + n), uf: "MS", serialPrefix: `Q${letters}`.slice(0, 3) },
      testActor,
    );
    expect(ms.timeZone).toBe(CAMPO_GRANDE);
    await expect(
      create(
        {
          ...base,
          slug: `bonito-x-${n}`,
          ibgeCode: String(5100000 + n),
          uf: "MS",
          serialPrefix: `W${letters}`.slice(0, 3),
          timeZone: "America/Atlantida",
        },
        testActor,
      ),
    ).rejects.toMatchObject({ kind: "invalid" });
    await expect(setMunicipalityTimeZone(ms.id, "Mars/Olympus", testActor)).rejects.toMatchObject({ kind: "invalid" });
    await setMunicipalityTimeZone(ms.id, "America/Cuiaba", testActor);
    expect((await db.municipality.findUniqueOrThrow({ where: { id: ms.id } })).timeZone).toBe("America/Cuiaba");
    const event = await db.auditEvent.findFirstOrThrow({
      where: { subjectId: ms.id, action: "municipality.time_zone" },
    });
    expect(event.afterJson).toContain("America/Cuiaba");
  });
});
