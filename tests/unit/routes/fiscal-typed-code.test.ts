// The fiscal with a badge whose QR will not read (issue #34, item 7): the whole printed code, its
// check part right, shows the holder's photo as the QR does; a serial alone is asked for the whole
// code, as the public page asks; a wrong check part is not recognised.
import { describe, expect, it } from "vitest";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import * as scanner from "~/routes/fiscal._index/route.server";
import * as view from "~/routes/fiscal.credencial.$serial/route.server";
import { db } from "~/utils/db.server";
import { answerOf, cookieOf, ORIGIN, staffOf } from "../../security/access-world";
import { acceptedPhotoRow, createMunicipality, createSignedCredential, createUser } from "../../support/factories";

const context = { clientIp: "127.0.0.1", requestId: "fiscal-codigo" };

async function world() {
  const m = await createMunicipality();
  const user = await createUser({ name: "Dono da Foto" });
  const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
  const photo = await acceptedPhotoRow(person, user.id);
  const { credential } = await createSignedCredential(m, { holderPersonId: person.id, photoDocumentId: photo.id });
  const cookie = await cookieOf(await staffOf(m, ["FISCAL"]));
  return { serial: credential.serial, code: typedCodeFor(credential.serial), cookie };
}

function fiscalView(serial: string, search: string, cookie: string) {
  const request = new Request(`${ORIGIN}/fiscal/credencial/${serial}${search}`, { headers: { cookie } });
  return answerOf(() => view.loader({ request, params: { serial }, context }));
}

function typedOnScanner(text: string, cookie: string) {
  const request = new Request(`${ORIGIN}/fiscal?codigo=${encodeURIComponent(text)}`, { headers: { cookie } });
  return answerOf(() => scanner.loader({ request, params: {}, context }));
}

describe("the fiscal's typed code", () => {
  it("the whole code, however typed, opens the view with the holder's photo", async () => {
    const w = await world();
    const typed = await typedOnScanner(w.code.toLowerCase().replace(/-/g, " "), w.cookie);
    expect(typed.status).toBe(302);
    expect(typed.location).toBe(`/fiscal/credencial/${w.serial}?codigo=${encodeURIComponent(w.code)}`);
    const answer = await fiscalView(w.serial, new URL(typed.location!, ORIGIN).search, w.cookie);
    const data = JSON.parse(answer.body);
    expect(data.body.verdict).toBe("VALID");
    expect(data.scanned).toBe(true);
    expect(data.body.credential.photoUrl).toMatch(/^\/v\/foto\//);
  });

  it("a serial alone is asked for the whole code; opened by its number, the view shows no photo", async () => {
    const w = await world();
    const typed = await typedOnScanner(w.serial, w.cookie);
    expect(typed.status).toBe(200);
    expect(JSON.parse(typed.body).typedError).toContain("Digite o código inteiro");
    const bare = JSON.parse((await fiscalView(w.serial, "", w.cookie)).body);
    expect(bare.body.verdict).toBe("VALID");
    expect(bare.scanned).toBe(false);
    expect(bare.body.credential.photoUrl).toBeUndefined();
  });

  it("a wrong check part, or another credential's code, is not recognised and shows nothing of the holder", async () => {
    const w = await world();
    const other = await world();
    const wrongCheck = `${w.serial}-${w.code.endsWith("0000") ? "1111" : "0000"}`;
    for (const code of [wrongCheck, other.code]) {
      const data = JSON.parse((await fiscalView(w.serial, `?codigo=${encodeURIComponent(code)}`, w.cookie)).body);
      expect(data.body).toMatchObject({ verdict: "INVALID", reason: "not_recognized" });
      expect(data.body.credential).toBeUndefined();
    }
  });
});
