// The municipalities' issuer keys: generated on first need, rotated by the gestor, revoked at
// once when compromised. Private keys are decrypted only inside app/credentials/signer.server.ts.
import { createHash } from "node:crypto";
import { buildJwks, generateIssuerKey, type IssuerPublicJwk, type KeyStatus } from "~/credentials/keys";
import { createSigner, reencryptPrivateKey } from "~/credentials/signer.server";
import type { ResolvedKey, Signer, VerifiedSignatures, VerifiedToken } from "~/credentials/token";
import type { TrustedActor } from "~/domain/auth/trust-level";
import { conflict, notFound } from "~/domain/refusal";
import { civilDate } from "~/domain/time";
import { enqueueJob } from "~/jobs/kinds.server";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { publish, subscribe } from "~/utils/invalidation.server";
import { masterKey } from "~/utils/master-key.server";
// A person rotating or revoking a key must be signed in at the municipality's staff level (ADR 053).
import { assertStaffActTrust } from "./govbr-policy.server";

const signers = new Map<string, Signer>();

// Resolved public keys, cached briefly: rotation and revocation clear every server's cache
// (utils/invalidation.server.ts); KEY_CACHE_MS bounds a lost message.
const KEY_CACHE_MS = 15_000;
const resolved = new Map<string, { at: number; value: ResolvedKey | null }>();
// Bumped by every forget: a read that began before a revocation and answers after the forget
// (here or on another server) is returned to its caller but never remembered as the key's status.
let generation = 0;
const KEYS_TOPIC = "signing-keys";
/** `from: "peer"`: another server's message (dropped here, not sent on). */
export function forgetResolvedKeys(from: "here" | "peer" = "here") {
  generation++;
  resolved.clear();
  verifiedTokens.clear();
  // Signers are looked up by the ACTIVE kid; dropping all keeps no revoked private key in any server's memory.
  if (from === "peer") signers.clear();
  else void publish(KEYS_TOPIC);
}
subscribe(KEYS_TOPIC, () => forgetResolvedKeys("peer"));

// Verified tokens by SHA-256, with their kid and claims: the ECDSA check and parsing were a scan's
// largest costs (ADR 034, 046). Key status and dates are still checked every scan; cleared with the
// resolved keys, or past 50,000 tokens (~20 MiB).
const VERIFIED_MAX = 50_000;
const verifiedTokens = new Map<string, VerifiedToken>();
const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");
export const verifiedSignatures: VerifiedSignatures = {
  has: (token) => verifiedTokens.has(tokenHash(token)),
  get: (token) => verifiedTokens.get(tokenHash(token)),
  add: (token, verified) => {
    if (verifiedTokens.size >= VERIFIED_MAX) verifiedTokens.clear();
    verifiedTokens.set(tokenHash(token), verified);
  },
};

async function lockMunicipalityKeys(tx: Tx, municipalityId: string) {
  // Incrementing a counter row serialises key creation per municipality on both databases.
  await tx.serialCounter.upsert({
    where: { key: `keys:${municipalityId}` },
    create: { key: `keys:${municipalityId}`, next: 1 },
    update: { next: { increment: 1 } },
  });
}

async function createKey(tx: Tx, municipalityId: string, actor: Actor, action: string) {
  const generated = await generateIssuerKey(masterKey());
  const row = await tx.signingKey.create({
    data: {
      municipalityId,
      kid: generated.kid,
      publicJwk: JSON.stringify(generated.publicJwk),
      privateKeyEnc: generated.encryptedPrivateKey,
    },
  });
  await audit(tx, actor, {
    action,
    subjectType: "SigningKey",
    subjectId: row.id,
    municipalityId,
    after: { kid: row.kid },
  });
  return row;
}

/** The municipality's ACTIVE key, created on first need. */
export async function activeKeyRow(municipalityId: string, actor: Actor) {
  const existing = await db.signingKey.findFirst({ where: { municipalityId, status: "ACTIVE" } });
  if (existing) return existing;
  return db.$transaction(async (tx) => {
    await lockMunicipalityKeys(tx, municipalityId);
    const again = await tx.signingKey.findFirst({ where: { municipalityId, status: "ACTIVE" } });
    return again ?? createKey(tx, municipalityId, actor, "signing_key.create");
  });
}

export async function signerFor(municipalityId: string, actor: Actor): Promise<Signer> {
  const row = await activeKeyRow(municipalityId, actor);
  let signer = signers.get(row.kid);
  if (!signer) {
    await upgradeKeyEncryption(row, actor);
    signer = await createSigner(
      { kid: row.kid, encryptedPrivateKey: row.privateKeyEnc, status: "ACTIVE" },
      masterKey(),
    );
    signers.set(row.kid, signer);
  }
  return signer;
}

/** Re-encrypts a v1 key (raw master key) under the signing-keys sub-key on first use, audited; idempotent. */
async function upgradeKeyEncryption(
  row: { id: string; kid: string; municipalityId: string; privateKeyEnc: string },
  actor: Actor,
) {
  const upgraded = reencryptPrivateKey({ kid: row.kid, encryptedPrivateKey: row.privateKeyEnc }, masterKey());
  if (!upgraded) return false;
  await db.$transaction(async (tx) => {
    // Only the blob that was read is replaced: a concurrent upgrade leaves one v2 blob.
    const { count } = await tx.signingKey.updateMany({
      where: { id: row.id, privateKeyEnc: row.privateKeyEnc },
      data: { privateKeyEnc: upgraded },
    });
    if (count === 1) {
      await audit(tx, actor, {
        action: "signing_key.reencrypt",
        subjectType: "SigningKey",
        subjectId: row.id,
        municipalityId: row.municipalityId,
        before: { format: "v1" },
        after: { format: "v2" },
      });
    }
  });
  return true;
}

/** Retires the ACTIVE key (it stays published) and makes a new one that signs from now on. */
export async function rotateKey(municipalityId: string, actor: Actor & TrustedActor, now = new Date()) {
  return db
    .$transaction(async (tx) => {
      await assertStaffActTrust(tx, municipalityId, actor);
      await lockMunicipalityKeys(tx, municipalityId);
      const current = await tx.signingKey.findFirst({ where: { municipalityId, status: "ACTIVE" } });
      if (current) {
        await tx.signingKey.update({ where: { id: current.id }, data: { status: "RETIRED", retiredAt: now } });
        await audit(tx, actor, {
          action: "signing_key.retire",
          subjectType: "SigningKey",
          subjectId: current.id,
          municipalityId,
          before: { status: "ACTIVE" },
          after: { status: "RETIRED" },
        });
      }
      return createKey(tx, municipalityId, actor, "signing_key.rotate");
    })
    .finally(() => forgetResolvedKeys());
}

/** Revokes a key at once: everything it signed verifies INVALID from now on. */
export async function revokeKey(
  municipalityId: string,
  kid: string,
  reason: string,
  actor: Actor & TrustedActor,
  now = new Date(),
) {
  await db
    .$transaction(async (tx) => {
      await assertStaffActTrust(tx, municipalityId, actor);
      const key = await tx.signingKey.findFirst({ where: { municipalityId, kid } });
      if (!key) throw notFound("Chave não encontrada.");
      if (key.status === "REVOKED") throw conflict("Chave já revogada.");
      await tx.signingKey.update({
        where: { id: key.id },
        data: { status: "REVOKED", revokedAt: now, revokedReason: reason },
      });
      await audit(tx, actor, {
        action: "signing_key.revoke",
        subjectType: "SigningKey",
        subjectId: key.id,
        municipalityId,
        before: { status: key.status },
        after: { status: "REVOKED", reason },
      });
      signers.delete(kid);
    })
    .finally(() => forgetResolvedKeys());
  // What it signed is re-issued in the background (ADR 037); a lost enqueue is caught by the hourly run.
  await enqueueJob("reissue").catch((e) => console.error("Reemissão não enfileirada (roda na próxima hora):", e));
}

/** Remembers the last validity day a key signed, so a retired key stays published until then. */
export async function noteSignedUntil(tx: Tx, kid: string, validUntil: string) {
  const key = await tx.signingKey.findUnique({ where: { kid }, select: { lastExpiry: true } });
  if (key && (!key.lastExpiry || key.lastExpiry < validUntil)) {
    await tx.signingKey.update({ where: { kid }, data: { lastExpiry: validUntil } });
  }
}

/** ACTIVE keys, and RETIRED ones until their last credential expires; a Date is read in each key's zone. */
export async function publishedJwks(today: string | Date) {
  const rows = await db.signingKey.findMany({
    where: { OR: [{ status: "ACTIVE" }, { status: "RETIRED" }] },
    include: { municipality: { select: { timeZone: true } } },
    orderBy: { createdAt: "asc" },
  });
  const dayOf = (timeZone: string) => (typeof today === "string" ? today : civilDate(today, timeZone));
  const published = rows.filter(
    (r) => r.status === "ACTIVE" || r.lastExpiry === null || r.lastExpiry >= dayOf(r.municipality.timeZone),
  );
  return buildJwks(
    published.map((r) => ({ publicJwk: JSON.parse(r.publicJwk) as IssuerPublicJwk, status: r.status as KeyStatus })),
  );
}

/** What verification needs to know about a kid: the public key, its issuer and its status. */
export async function resolveKey(kid: string): Promise<ResolvedKey | null> {
  const cached = resolved.get(kid);
  if (cached && Date.now() - cached.at < KEY_CACHE_MS) return cached.value;
  const readFrom = generation;
  const row = await db.signingKey.findUnique({
    where: { kid },
    include: { municipality: { select: { ibgeCode: true, timeZone: true } } },
  });
  const value: ResolvedKey | null = row
    ? {
        key: JSON.parse(row.publicJwk),
        issuer: row.municipality.ibgeCode,
        status: row.status as KeyStatus,
        timeZone: row.municipality.timeZone,
      }
    : null;
  if (readFrom !== generation) return value; // forgotten while reading: maybe stale already
  if (resolved.size > 1000) resolved.clear();
  resolved.set(kid, { at: Date.now(), value });
  return value;
}

export const listKeys = (municipalityId: string) =>
  db.signingKey.findMany({
    where: { municipalityId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      kid: true,
      status: true,
      createdAt: true,
      retiredAt: true,
      revokedAt: true,
      revokedReason: true,
      lastExpiry: true,
    },
  });
