import { describe, expect, it } from "vitest";
import { credentialPhoto, photoUrlIsValid } from "~/models/credentials/photo.server";
import { verifyCredentialSerial, verifyCredentialToken } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import {
  acceptedPhotoRow,
  createMunicipality,
  createSignedCredential,
  createUser,
  IN_FORCE_IN_2026,
} from "../../support/factories";

const now = new Date("2026-06-01T15:00:00Z");
const opts = { now, channel: "QR" as const, withPhoto: true };

describe("verification", () => {
  it("says VALID for a genuine credential in force, with the api.md fields and nothing personal", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, IN_FORCE_IN_2026);
    const { body } = await verifyCredentialToken(token, opts);
    expect(body).toMatchObject({
      verdict: "VALID",
      credential: {
        serial: credential.serial,
        type: "CRACHA",
        category: "MOTOTAXI",
        holderName: "Joana Teste",
        plate: "ABC1D23",
        municipality: { ibge: m.ibgeCode, name: m.name, uf: "MG" },
        operator: null,
        validFrom: "2026-01-01",
        validUntil: "2026-12-31",
      },
    });
    expect(body.reason).toBeUndefined();
    expect(Object.keys(body.credential!).sort()).toEqual([
      "category",
      "holderName",
      "municipality",
      "operator",
      "plate",
      "serial",
      "type",
      "validFrom",
      "validUntil",
    ]);
  });

  it("says SUBSTITUÍDO with only what the token itself carries: no photo, nothing else (ADR 061)", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, IN_FORCE_IN_2026);
    await db.credential.update({ where: { id: credential.id }, data: { status: "SUPERSEDED" } });
    const { body } = await verifyCredentialToken(token, opts);
    expect(body.verdict).toBe("SUPERSEDED");
    // The name and plate are the token's own claims (anyone can decode them from the QR).
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    expect(body.credential).toMatchObject({ holderName: claims.n });
    expect(Object.keys(body.credential!).sort()).toEqual(
      [
        "category",
        "holderName",
        "municipality",
        "operator",
        "plate",
        "serial",
        "type",
        "validFrom",
        "validUntil",
      ].sort(),
    );
  });

  it("follows the live status: SUSPENDED, REVOKED, SUPERSEDED, and EXPIRED after the last day", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, IN_FORCE_IN_2026);
    for (const [status, verdict] of [
      ["SUSPENDED", "SUSPENDED"],
      ["REVOKED", "REVOKED"],
      ["SUPERSEDED", "SUPERSEDED"],
    ] as const) {
      await db.credential.update({ where: { id: credential.id }, data: { status } });
      expect((await verifyCredentialToken(token, opts)).body).toMatchObject({ verdict, reason: verdict.toLowerCase() });
    }
    await db.credential.update({ where: { id: credential.id }, data: { status: "ACTIVE" } });
    expect(
      (await verifyCredentialToken(token, { ...opts, now: new Date("2026-12-31T23:00:00-03:00") })).body.verdict,
    ).toBe("VALID");
    expect(
      (await verifyCredentialToken(token, { ...opts, now: new Date("2027-01-01T09:00:00-03:00") })).body,
    ).toMatchObject({ verdict: "EXPIRED", reason: "expired" });
  });

  it("says INVALID and reveals nothing for a tampered token, the same as for an unknown serial", async () => {
    const m = await createMunicipality();
    const { token } = await createSignedCredential(m, IN_FORCE_IN_2026);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    payload.n = "Outra Pessoa";
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    const tampered = (await verifyCredentialToken(forged, opts)).body;
    const unknown = (await verifyCredentialSerial("ZZZZZ-MT-2026-999999", { now, channel: "CODIGO" })).body;
    expect(tampered).toEqual({ verdict: "INVALID", reason: "not_recognized", checkedAt: now.toISOString() });
    expect(unknown).toEqual(tampered);
  });

  it("refuses a genuine signature whose serial is not in the database", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, IN_FORCE_IN_2026);
    await db.credential.update({ where: { id: credential.id }, data: { serial: credential.serial + "X" } });
    expect((await verifyCredentialToken(token, opts)).body.verdict).toBe("INVALID");
  });

  it("shows the photo only through the signed token, with a short-lived URL", async () => {
    const m = await createMunicipality();
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const photo = await acceptedPhotoRow(person, user.id);
    const { credential, token } = await createSignedCredential(m, {
      ...IN_FORCE_IN_2026,
      holderPersonId: person.id,
      photoDocumentId: photo.id,
    });
    const byToken = (await verifyCredentialToken(token, opts)).body;
    const url = new URL(byToken.credential!.photoUrl!, "http://x");
    expect(url.pathname).toBe(`/v/foto/${credential.id}`);
    expect(photoUrlIsValid(credential.id, url.searchParams.get("e"), url.searchParams.get("s"), now)).toBe(true);
    expect(
      photoUrlIsValid(
        credential.id,
        url.searchParams.get("e"),
        url.searchParams.get("s"),
        new Date(now.getTime() + 11 * 60_000),
      ),
    ).toBe(false);
    expect(photoUrlIsValid("outra", url.searchParams.get("e"), url.searchParams.get("s"), now)).toBe(false);
    const bySerial = (await verifyCredentialSerial(credential.serial, { now, channel: "CODIGO" })).body;
    expect(bySerial.credential).not.toHaveProperty("photoUrl");
    await db.credential.update({ where: { id: credential.id }, data: { status: "REVOKED" } });
    expect((await verifyCredentialToken(token, opts)).body.credential).not.toHaveProperty("photoUrl");
  });

  it("shows the photo the credential was issued with, whatever the pack calls it, and none for a credential issued without one", async () => {
    const m = await createMunicipality();
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    // Jardim's pack calls the holder's photo FOTO (Lei 904/1997, art. 18): the type code does not matter.
    const photo = await acceptedPhotoRow(person, user.id, "FOTO");
    const withPhoto = await createSignedCredential(m, {
      ...IN_FORCE_IN_2026,
      holderPersonId: person.id,
      photoDocumentId: photo.id,
    });
    expect((await verifyCredentialToken(withPhoto.token, opts)).body.credential?.photoUrl).toMatch(
      `/v/foto/${withPhoto.credential.id}?`,
    );
    expect((await credentialPhoto(withPhoto.credential.id))?.id).toBe(photo.id);
    const without = await createSignedCredential(m, { ...IN_FORCE_IN_2026, holderPersonId: person.id });
    expect((await verifyCredentialToken(without.token, opts)).body.credential).not.toHaveProperty("photoUrl");
    expect(await credentialPhoto(without.credential.id)).toBeNull();
  });

  // Issue #31: the photo is read in the scan's one statement (verification-sql.server.ts), not
  // remembered: the verdict follows the document as the photo route does (credentialPhoto).
  it("offers no photo once the document is no longer accepted, nor one that is not the holder's", async () => {
    const m = await createMunicipality();
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const other = await createUser();
    const stranger = await db.person.create({ data: { userId: other.id, fullName: other.name, cpf: other.cpf } });
    const photoOf = (p: { id: string }, ownerUserId: string) => acceptedPhotoRow(p, ownerUserId);
    const photo = await photoOf(person, user.id);
    const own = await createSignedCredential(m, {
      ...IN_FORCE_IN_2026,
      holderPersonId: person.id,
      photoDocumentId: photo.id,
    });
    expect((await verifyCredentialToken(own.token, opts)).body.credential?.photoUrl).toBeTruthy();
    await db.document.update({ where: { id: photo.id }, data: { reviewStatus: "REJECTED" } });
    expect((await verifyCredentialToken(own.token, opts)).body.credential).not.toHaveProperty("photoUrl");
    expect(await credentialPhoto(own.credential.id)).toBeNull();

    const strangers = await photoOf(stranger, other.id);
    const misnamed = await createSignedCredential(m, {
      ...IN_FORCE_IN_2026,
      holderPersonId: person.id,
      photoDocumentId: strangers.id,
    });
    expect((await verifyCredentialToken(misnamed.token, opts)).body.credential).not.toHaveProperty("photoUrl");
    expect(await credentialPhoto(misnamed.credential.id)).toBeNull();
  });

  it("logs each check without the client's address", async () => {
    const m = await createMunicipality();
    const { credential, token } = await createSignedCredential(m, IN_FORCE_IN_2026);
    await verifyCredentialToken(token, { ...opts, client: "celular/Chrome" });
    const logs = await db.verificationLog.findMany({ where: { credentialId: credential.id } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ channel: "QR", verdict: "VALID", client: "celular/Chrome" });
  });
});
