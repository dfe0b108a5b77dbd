// Test data builders: unique CPFs and e-mails so tests never collide in the shared database.
import { randomInt } from "node:crypto";
import { cpfWithCheckDigits } from "~/domain/br/cpf";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { civilDay } from "./dates";

export const randomCpf = (): string =>
  cpfWithCheckDigits(Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + randomInt(9) : randomInt(10))).join(""));

export const uniqueEmail = (prefix = "pessoa") => `${prefix}.${Date.now()}.${randomInt(1e9)}@teste.com.br`;

export const testActor: Actor = { userId: null, role: "TESTE", municipalityId: null, requestId: "teste" };

/** An account with a password and a confirmed e-mail (`unconfirmed`: never confirmed, so it cannot sign in with the password). */
export async function createUser(
  opts: { password?: string; demo?: boolean; name?: string; unconfirmed?: boolean } = {},
) {
  const hash = await hashPassword(opts.password ?? "uma-senha-bem-comprida-para-teste");
  return db.user.create({
    data: {
      cpf: randomCpf(),
      email: uniqueEmail(),
      name: opts.name ?? "Pessoa de Teste",
      demo: opts.demo ?? false,
      emailVerifiedAt: opts.unconfirmed ? null : new Date(),
      password: { create: { hash } },
    },
  });
}

// Unique names for the whole run: kept across files on purpose.
let municipalityCounter = 0;
export async function createMunicipality(name = "Cidade Teste") {
  municipalityCounter++;
  // A random part too: files that fake the clock must not produce the same slug twice.
  const suffix = `${Date.now().toString(36)}${municipalityCounter}${randomInt(36 ** 4).toString(36)}`;
  const letters = Array.from({ length: 3 }, () => String.fromCharCode(65 + randomInt(26))).join("");
  return db.municipality.create({
    data: {
      ibgeCode: String(1000000 + randomInt(8999999)),
      name,
      uf: "MG",
      slug: `teste-${suffix}`,
      population: 50000,
      fiscalUnitName: "UFM",
      rulePackId: "patrocinio-mg",
      // Serials are PREFIX-CC-YYYY-NNNNNN and at most 24 characters: a five-letter random prefix.
      serialPrefix: `${letters}${Array.from({ length: 2 }, () => String.fromCharCode(65 + randomInt(26))).join("")}`,
    },
  });
}

/** The validity of a credential for tests whose clock is pinned to a day of 2026. */
export const IN_FORCE_IN_2026 = { validFrom: "2026-01-01", validUntil: "2026-12-31" } as const;

export type CredentialRowOptions = {
  type?: string;
  category?: string;
  status?: string;
  validUntil?: string;
  holder?: string;
  plate?: string | null;
  personId?: string | null;
  kid?: string;
};

// Unique serials for the whole run: kept across files on purpose.
let credentialCounter = 0;
/**
 * An unsigned credential row of the municipality (a list, a search, a report reads it; nothing
 * verifies its token): the next serial of the municipality's prefix, or `number` when given.
 */
export function credentialRowData(
  m: { id: string; serialPrefix: string },
  opts: CredentialRowOptions = {},
  number?: number,
) {
  return {
    serial: `${m.serialPrefix}-MT-2026-${String(number ?? ++credentialCounter).padStart(6, "0")}`,
    municipalityId: m.id,
    type: opts.type ?? "CRACHA",
    category: opts.category ?? "MOTOTAXI",
    holderDisplayName: opts.holder ?? "Fulano de Tal",
    plate: opts.plate ?? null,
    validFrom: "2026-01-01",
    validUntil: opts.validUntil ?? "2026-12-31",
    status: opts.status ?? "ACTIVE",
    kid: opts.kid ?? "kid-teste",
    token: "t",
    renderDataJson: "{}",
    holderPersonId: opts.personId ?? null,
  };
}

export const createCredentialRow = (m: { id: string; serialPrefix: string }, opts: CredentialRowOptions = {}) =>
  db.credential.create({ data: credentialRowData(m, opts) });

/**
 * A credential signed by the municipality's key and stored, as issuance would leave it; by default
 * in force on the day the suite runs (pass IN_FORCE_IN_2026 with a clock pinned to 2026).
 */
export async function createSignedCredential(
  m: { id: string; ibgeCode: string; serialPrefix: string },
  overrides: Partial<{
    status: string;
    validFrom: string;
    validUntil: string;
    holderPersonId: string | null;
    photoDocumentId: string;
  }> = {},
) {
  const { signerFor } = await import("~/models/signing-key.server");
  const { signCredential } = await import("~/credentials/token");
  const { verificationUrl } = await import("~/credentials/qr");
  const { env } = await import("~/utils/env.server");
  const signer = await signerFor(m.id, testActor);
  // In force today whatever the day the suite runs: a fixed year would expire under the tests.
  const validFrom = overrides.validFrom ?? civilDay(-30);
  const validUntil = overrides.validUntil ?? civilDay(335);
  const serial = `${m.serialPrefix}-MT-${validFrom.slice(0, 4)}-${String(randomInt(999999)).padStart(6, "0")}`;
  const token = await signCredential(
    {
      issuer: m.ibgeCode,
      serial,
      type: "CRACHA",
      category: "MOTOTAXI",
      holderName: "Joana Teste",
      plate: "ABC1D23",
      validFrom,
      validUntil,
    },
    signer,
  );
  const credential = await db.credential.create({
    data: {
      serial,
      municipalityId: m.id,
      type: "CRACHA",
      category: "MOTOTAXI",
      holderDisplayName: "Joana Teste",
      plate: "ABC1D23",
      validFrom,
      validUntil,
      status: overrides.status ?? "ACTIVE",
      kid: signer.kid,
      token,
      // The part of issuance's layout that other code reads: the printed QR and the photo.
      renderDataJson: JSON.stringify({
        ...(overrides.photoDocumentId ? { photoDocumentId: overrides.photoDocumentId } : {}),
        data: { verification: { qrText: verificationUrl(env().PUBLIC_BASE_URL, token) } },
      }),
      holderPersonId: overrides.holderPersonId ?? null,
    },
  });
  return { credential, token };
}

/** Stores bytes as an upload would and returns the UploadedFile the document model takes. */
export async function storedFile(
  bytes: Uint8Array | string,
  mime: "application/pdf" | "image/jpeg" | "image/png" = "application/pdf",
) {
  const { getStorage, newStorageKey } = await import("~/utils/storage.server");
  const { Readable } = await import("node:stream");
  const buffer = Buffer.from(typeof bytes === "string" ? bytes : Buffer.from(bytes));
  const stored = await getStorage().put(newStorageKey(), Readable.from([buffer]));
  return { key: stored.key, sha256: stored.sha256, size: stored.size, mime, originalName: "documento.pdf" };
}

/** A holder's photo document, accepted, with no stored file behind it (for what reads only the row). */
export const acceptedPhotoRow = (person: { id: string }, ownerUserId: string, type = "FOTO_3X4") =>
  db.document.create({
    data: {
      type,
      ownerUserId,
      personId: person.id,
      storageKey: `teste/${person.id}`,
      originalName: "foto.jpg",
      sha256: "x",
      mime: "image/jpeg",
      sizeBytes: 10,
      reviewStatus: "ACCEPTED",
    },
  });
