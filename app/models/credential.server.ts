// Credentials: issuance (serial, signed token, record, audit — one transaction, idempotent),
// their PDFs (rendered from the stored data, stored with their sha256), and status changes
// (suspend, reinstate, revoke, supersede) whose effect on verification is immediate.
import { conflict, notFound } from "~/domain/refusal";
import { Readable } from "node:stream";
import { db, type Tx } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { audit, type Actor } from "~/utils/audit.server";
import { getStorage, newStorageKey } from "~/utils/storage.server";
import { signCredential, type Signer } from "~/credentials/token";
import { CATEGORY_CODES, type CredentialClaims } from "~/credentials/claims";
import { holderDisplayName } from "~/credentials/display-name";
import { verificationUrl } from "~/credentials/qr";
import { renderBadge, type BadgeData } from "~/credentials/pdf/badge";
import {
  renderCertificate,
  renderOperatorCertificate,
  type CertificateData,
  type OperatorCertificateData,
} from "~/credentials/pdf/certificate";
import { renderSeal, type SealData } from "~/credentials/pdf/seal";
import { credentialTransition, type CredentialAction, type CredentialStatus } from "~/domain/credentials/status";
import type { Category } from "~/domain/rule-packs";
import { signerFor, noteSignedUntil } from "./signing-key.server";
import { forgetStatusList } from "./status-list.server";
import { numberYear, numbered, takeNumber } from "./counter.server";
import { typedCodeFor } from "./typed-code.server";
import { isId } from "~/domain/ids";
import { coatOfArmsBytes, documentIdentity } from "./municipality.server";

/**
 * What a credential's PDF is drawn from. `photoDocumentId` is the holder's photo (the document the
 * pack declares as such): printed on the badge, and the face a passenger sees when scanning any
 * credential of that holder issued with it.
 */
type Layout = { photoDocumentId?: string | null; coatOfArmsKey?: string | null } & (
  | { layout: "badge"; data: Omit<BadgeData, "photo" | "issuedAt">; photoDocumentId: string | null }
  | { layout: "certificate"; data: Omit<CertificateData, "issuedAt"> }
  | { layout: "seal"; data: Omit<SealData, "issuedAt"> }
  | { layout: "operator"; data: Omit<OperatorCertificateData, "issuedAt"> }
);

/** The photo document a credential was issued with, if any (read from its stored render data). */
export function photoDocumentOf(renderDataJson: string): string | null {
  try {
    const id = (JSON.parse(renderDataJson) as { photoDocumentId?: unknown }).photoDocumentId;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

/** What issuance needs to know about one credential; the layout is filled once the serial exists. */
export type CredentialSpec = {
  type: CredentialClaims["type"];
  category: Category;
  holderName: string;
  plate?: string | null;
  validFrom: string;
  validUntil: string;
  holderPersonId?: string | null;
  holderOperatorId?: string | null;
  vehicleId?: string | null;
  operatorName?: string | null;
  /** `serial` here is the code printed for typing in (serial + check part, ADR 014). */
  layout: (v: { serial: string; qrText: string; domain: string; registrationNumber: string }) => Layout;
};

async function allocateSerial(
  tx: Tx,
  m: { id: string; serialPrefix: string },
  category: Category,
  year: number,
): Promise<string> {
  const code = CATEGORY_CODES[category];
  return numbered(`${m.serialPrefix}-${code}-${year}`, await takeNumber(tx, `serial:${m.id}:${code}:${year}`));
}

/**
 * Issues the credentials in one transaction: serials (never reused), signed tokens, records,
 * the superseding of the ones they replace, and audit events. The first spec's serial is the
 * registration number printed on all of them. Runs inside `tx` when given.
 */
export async function issueCredentials(
  tx: Tx,
  municipality: { id: string; ibgeCode: string; serialPrefix: string; timeZone: string },
  specs: CredentialSpec[],
  signer: Signer,
  actor: Actor,
  opts: { applicationId?: string | null; supersedes?: { id: string; type: string }[]; now: Date },
) {
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  // The municipality's identity as the gestor set it now: stored in each credential's render data,
  // so a later change never alters a document already issued.
  const identity = documentIdentity(
    await tx.municipality.findUniqueOrThrow({
      where: { id: municipality.id },
      select: { secretariaName: true, signatoryName: true, signatoryRole: true, coatOfArmsKey: true },
    }),
  );
  // The municipality's civil year at issuance, as application numbers take theirs (counter.server.ts).
  const year = numberYear(opts.now, municipality.timeZone);
  const issued = [];
  let registrationNumber: string | null = null;
  for (const spec of specs) {
    const serial = await allocateSerial(tx, municipality, spec.category, year);
    registrationNumber ??= serial;
    const claims: CredentialClaims = {
      issuer: municipality.ibgeCode,
      serial,
      type: spec.type,
      category: spec.category,
      holderName: holderDisplayName(spec.holderName),
      ...(spec.plate ? { plate: spec.plate } : {}),
      validFrom: spec.validFrom,
      validUntil: spec.validUntil,
    };
    const token = await signCredential(claims, signer);
    const qrText = verificationUrl(env().PUBLIC_BASE_URL, token);
    // The PDF prints the whole typed code (serial + check part): the serial alone looks nothing up.
    const layout = withIdentity(
      spec.layout({ serial: typedCodeFor(serial), qrText, domain, registrationNumber }),
      identity,
    );
    const credential = await tx.credential.create({
      data: {
        serial,
        municipalityId: municipality.id,
        type: spec.type,
        category: spec.category,
        holderPersonId: spec.holderPersonId ?? null,
        holderOperatorId: spec.holderOperatorId ?? null,
        vehicleId: spec.vehicleId ?? null,
        operatorName: spec.operatorName ?? null,
        applicationId: opts.applicationId ?? null,
        holderDisplayName: claims.holderName,
        plate: spec.plate ?? null,
        validFrom: spec.validFrom,
        validUntil: spec.validUntil,
        kid: signer.kid,
        token,
        renderDataJson: JSON.stringify(layout),
        issuedAt: opts.now,
        issuedById: actor.userId,
      },
    });
    await noteSignedUntil(tx, signer.kid, spec.validUntil);
    await audit(tx, actor, {
      action: "credential.issue",
      subjectType: "Credential",
      subjectId: credential.id,
      municipalityId: municipality.id,
      after: {
        serial,
        type: spec.type,
        category: spec.category,
        validFrom: spec.validFrom,
        validUntil: spec.validUntil,
      },
    });
    issued.push(credential);
  }
  for (const old of opts.supersedes ?? []) {
    const replacement = issued.find((c) => c.type === old.type) ?? issued[0];
    await changeStatusInTx(
      tx,
      old.id,
      municipality.id,
      "supersede",
      { reason: `Substituída por ${replacement.serial}` },
      actor,
      opts.now,
      replacement.id,
    );
  }
  return issued;
}

/** The layout with the municipality's secretaria, signatory and coat of arms, where they are set. */
function withIdentity(layout: Layout, identity: ReturnType<typeof documentIdentity>): Layout {
  const issuer = {
    ...layout.data.issuer,
    authority: identity.authority ?? layout.data.issuer.authority ?? null,
    signatory: identity.signatory ?? layout.data.issuer.signatory ?? null,
  };
  return { ...layout, coatOfArmsKey: identity.coatOfArmsKey, data: { ...layout.data, issuer } } as Layout;
}

export const signerForMunicipality = (municipalityId: string, actor: Actor) => signerFor(municipalityId, actor);

// ---- PDFs ------------------------------------------------------------------------------------

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Renders the credential's PDF from its stored data: the same data always gives the same PDF. */
export async function renderCredentialPdf(c: { renderDataJson: string; issuedAt: Date }): Promise<Uint8Array> {
  const layout = JSON.parse(c.renderDataJson) as Layout;
  const issuedAt = c.issuedAt;
  const coatOfArms = await coatOfArmsBytes(layout.coatOfArmsKey);
  switch (layout.layout) {
    case "badge": {
      let photo: Uint8Array | null = null;
      if (layout.photoDocumentId) {
        const doc = await db.document.findUnique({ where: { id: layout.photoDocumentId } });
        if (doc) photo = await readAll((await getStorage().get(doc.storageKey)).stream);
      }
      return renderBadge({ ...layout.data, photo, coatOfArms, issuedAt });
    }
    case "certificate":
      return renderCertificate({ ...layout.data, coatOfArms, issuedAt });
    case "seal":
      return renderSeal({ ...layout.data, coatOfArms, issuedAt });
    case "operator":
      return renderOperatorCertificate({ ...layout.data, coatOfArms, issuedAt });
  }
}

/** Renders and stores the PDF once, recording its key and sha256; later calls reuse it. */
export async function ensureStoredPdf(credentialId: string) {
  const c = await db.credential.findUniqueOrThrow({ where: { id: credentialId } });
  if (c.pdfStorageKey) return c;
  const bytes = await renderCredentialPdf(c);
  const stored = await getStorage().put(newStorageKey(c.issuedAt), Readable.from([Buffer.from(bytes)]), {
    contentType: "application/pdf",
  });
  const updated = await db.credential.updateMany({
    where: { id: c.id, pdfStorageKey: null },
    data: { pdfStorageKey: stored.key, pdfSha256: stored.sha256 },
  });
  if (updated.count === 0) await getStorage().delete(stored.key); // someone stored it first
  return db.credential.findUniqueOrThrow({ where: { id: c.id } });
}

export async function listCredentialsOfPerson(personId: string) {
  return db.credential.findMany({
    where: { holderPersonId: personId },
    orderBy: [{ issuedAt: "desc" }, { serial: "asc" }],
    include: { municipality: { select: { name: true, uf: true, timeZone: true } } },
  });
}

export async function getCredential(id: string) {
  if (!isId(id)) return null;
  return db.credential.findUnique({
    where: { id },
    include: { holderPerson: { select: { userId: true } }, municipality: true },
  });
}

// ---- status changes --------------------------------------------------------------------------

const STATUS_ACTIONS: Record<CredentialAction, string> = {
  suspend: "credential.suspend",
  reinstate: "credential.reinstate",
  revoke: "credential.revoke",
  supersede: "credential.supersede",
  expire: "credential.expire",
};

async function changeStatusInTx(
  tx: Tx,
  credentialId: string,
  municipalityId: string,
  action: CredentialAction,
  detail: { reason?: string | null; citation?: string | null; until?: string | null },
  actor: Actor,
  now: Date,
  supersededById?: string,
) {
  const c = await tx.credential.findUnique({ where: { id: credentialId } });
  if (!c || c.municipalityId !== municipalityId) throw notFound("Credencial não encontrada.");
  const to = credentialTransition(c.status as CredentialStatus, action);
  if (!to)
    throw conflict(
      `Não é possível ${action === "reinstate" ? "reativar" : "alterar"} uma credencial com situação ${c.status}.`,
    );
  const updated = await tx.credential.updateMany({
    where: { id: c.id, status: c.status },
    data: {
      status: to,
      suspendedUntil: action === "suspend" ? (detail.until ?? null) : null,
      statusReason: detail.reason ?? null,
      statusCitation: detail.citation ?? null,
      ...(supersededById ? { supersededById } : {}),
    },
  });
  if (updated.count !== 1) throw conflict("Outra pessoa alterou esta credencial agora há pouco. Recarregue a página.");
  await tx.credentialStatusChange.create({
    data: {
      credentialId: c.id,
      fromStatus: c.status,
      toStatus: to,
      reason: detail.reason ?? null,
      citation: detail.citation ?? null,
      until: detail.until ?? null,
      actorId: actor.userId,
      at: now,
    },
  });
  await audit(tx, actor, {
    action: STATUS_ACTIONS[action],
    subjectType: "Credential",
    subjectId: c.id,
    municipalityId,
    before: { status: c.status },
    after: { status: to, reason: detail.reason, citation: detail.citation, until: detail.until },
  });
  return to;
}

/** Suspend (until a date), reinstate, revoke (cassação): immediate effect on verification. */
export async function changeCredentialStatus(
  credentialId: string,
  municipalityId: string,
  action: Exclude<CredentialAction, "supersede">,
  detail: { reason: string; citation?: string | null; until?: string | null },
  actor: Actor,
  now = new Date(),
) {
  const to = await db.$transaction((tx) =>
    changeStatusInTx(tx, credentialId, municipalityId, action, detail, actor, now),
  );
  // The signed status list for offline checks must show the change at once.
  forgetStatusList();
  return to;
}

export { changeStatusInTx as changeCredentialStatusInTx };

/** A user's credentials, with how many times each was verified since `since`. */
export async function credentialsOfUser(userId: string, since: Date) {
  const person = await db.person.findUnique({ where: { userId } });
  if (!person) return { credentials: [], checkCount: new Map<string, number>() };
  const credentials = await listCredentialsOfPerson(person.id);
  const checks = await db.verificationLog.groupBy({
    by: ["credentialId"],
    where: { credential: { holderPersonId: person.id }, at: { gte: since } },
    _count: true,
  });
  return { credentials, checkCount: new Map(checks.map((c) => [c.credentialId, c._count])) };
}
