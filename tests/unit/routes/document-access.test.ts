import { describe, expect, it } from "vitest";
import { startSession } from "~/http/session.server";
import { loader as pdfLoader } from "~/routes/credenciais.$id.pdf";
import { loader as documentLoader } from "~/routes/documentos.$id";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, createUser, storedFile } from "../../support/factories";

async function requestAs(userId: string, path: string) {
  const cookie = (await startSession(new Request("http://localhost/"), userId)).split(";")[0];
  return new Request(`http://localhost${path}`, { headers: { cookie } });
}

async function status(run: () => Promise<unknown>) {
  try {
    const r = (await run()) as Response;
    return r.status;
  } catch (e) {
    return (e as Response).status;
  }
}

describe("files behind permission checks", () => {
  it("serves a document to its owner with nosniff and a sandbox, and 404 to anyone else", async () => {
    const owner = await createUser();
    const other = await createUser();
    const file = await storedFile("%PDF-1.4 meu documento");
    const doc = await db.document.create({
      data: {
        type: "RG",
        ownerUserId: owner.id,
        storageKey: file.key,
        originalName: "rg.pdf",
        sha256: file.sha256,
        mime: "application/pdf",
        sizeBytes: file.size,
      },
    });
    const mine = (await documentLoader({
      request: await requestAs(owner.id, `/documentos/${doc.id}`),
      params: { id: doc.id },
      context: {} as never,
    })) as Response;
    expect(mine.status).toBe(200);
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(
      await status(async () =>
        documentLoader({
          request: await requestAs(other.id, `/documentos/${doc.id}`),
          params: { id: doc.id },
          context: {} as never,
        }),
      ),
    ).toBe(404);
    expect(
      await status(async () =>
        documentLoader({
          request: await requestAs(other.id, "/documentos/nao-existe"),
          params: { id: "../../etc/passwd" },
          context: {} as never,
        }),
      ),
    ).toBe(404);
  });

  it("gives a credential's PDF to its holder only", async () => {
    const holder = await createUser();
    const other = await createUser();
    const person = await db.person.create({ data: { userId: holder.id, fullName: holder.name, cpf: holder.cpf } });
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m, { holderPersonId: person.id });
    await db.credential.update({
      where: { id: credential.id },
      data: {
        renderDataJson: JSON.stringify({
          layout: "seal",
          data: {
            issuer: { municipality: "Teste", uf: "MG" },
            registrationCode: credential.serial,
            plate: "ABC1D23",
            vistoriaValidUntil: "2026-12-31",
            verification: {
              serial: credential.serial,
              qrText: `http://localhost/v/${credential.token}`,
              domain: "localhost",
            },
          },
        }),
      },
    });
    const ok = (await pdfLoader({
      request: await requestAs(holder.id, "/x"),
      params: { id: credential.id },
      context: {} as never,
    })) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(
      await status(async () =>
        pdfLoader({ request: await requestAs(other.id, "/x"), params: { id: credential.id }, context: {} as never }),
      ),
    ).toBe(404);
  });
});
