// An operator's API keys: shown once (only sha256 and prefix stored), revocable, answering only
// about its linked drivers — any other CPF looks exactly like an unknown one.
import { randomBytes } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { conflict } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { activeLinkByCpf, driverStanding } from "./driver-standing.server";

const KEY_SHAPE = /^crd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

/** Creates a key and returns the secret — the only time it exists outside the caller's hands. */
export async function createApiKey(
  operator: { id: string; municipalityId: string; status: string },
  name: string,
  actor: Actor,
  now = new Date(),
) {
  if (operator.status !== "ACTIVE") throw conflict("A empresa precisa estar credenciada para usar a API.");
  const prefix = `crd_${randomBytes(6).toString("hex")}`;
  const secret = `${prefix}_${randomToken(32)}`;
  const key = await db.$transaction(async (tx) => {
    const row = await tx.apiKey.create({
      data: {
        operatorId: operator.id,
        name,
        prefix,
        hash: sha256Hex(secret),
        createdById: actor.userId,
        createdAt: now,
      },
    });
    await audit(tx, actor, {
      action: "api_key.create",
      subjectType: "ApiKey",
      subjectId: row.id,
      municipalityId: operator.municipalityId,
      after: { name, prefix },
      at: now,
    });
    return row;
  });
  return { key, secret };
}

export async function revokeApiKey(
  operator: { id: string; municipalityId: string },
  keyId: string,
  actor: Actor,
  now = new Date(),
) {
  await db.$transaction(async (tx) => {
    const updated = await tx.apiKey.updateMany({
      where: { id: keyId, operatorId: operator.id, revokedAt: null },
      data: { revokedAt: now },
    });
    if (updated.count !== 1) throw conflict("Chave não encontrada ou já revogada.");
    await audit(tx, actor, {
      action: "api_key.revoke",
      subjectType: "ApiKey",
      subjectId: keyId,
      municipalityId: operator.municipalityId,
      at: now,
    });
  });
}

export const listApiKeys = (operatorId: string) =>
  db.apiKey.findMany({ where: { operatorId }, orderBy: { createdAt: "desc" } });

export type ApiCaller = { keyId: string; operator: { id: string; municipalityId: string; legalName: string } };

/** Why a key is not accepted (app/http/api-key.server.ts answers each with its own JSON error). */
export type ApiKeyProblem = "invalid" | "revoked" | "not-credentialed";

/** The operator behind a Bearer secret, or why the secret is not accepted. */
export async function apiCallerFor(
  secret: string,
  now = new Date(),
): Promise<{ ok: true; caller: ApiCaller } | { ok: false; problem: ApiKeyProblem }> {
  const key = KEY_SHAPE.test(secret)
    ? await db.apiKey.findUnique({ where: { hash: sha256Hex(secret) }, include: { operator: true } })
    : null;
  if (!key) return { ok: false, problem: "invalid" };
  if (key.revokedAt) return { ok: false, problem: "revoked" };
  if (key.operator.status !== "ACTIVE") return { ok: false, problem: "not-credentialed" };
  // Last use is kept to the minute, so a busy integration does not write on every call.
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  return {
    ok: true,
    caller: {
      keyId: key.id,
      operator: { id: key.operator.id, municipalityId: key.operator.municipalityId, legalName: key.operator.legalName },
    },
  };
}

// Calls per key, counted in memory (per server process): a throttle for a runaway integration,
// kept off the database so a busy platform's checks cost no writes.
const perKey = new RateLimiterMemory({ keyPrefix: "api-key", points: 600, duration: 60 });

/** null when the key may call again now; else the seconds to wait. */
export async function overKeyLimit(keyId: string): Promise<number | null> {
  try {
    await perKey.consume(keyId);
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}

type DriverStatusBody = {
  cpf: string;
  name: string;
  linkedSince: string | null;
  credentialInForce: boolean;
  application: { number: string; status: string } | null;
  credentials: {
    serial: string;
    type: string;
    category: string;
    plate: string | null;
    status: string;
    verdict: string;
    validFrom: string;
    validUntil: string;
  }[];
  checkedAt: string;
};

/** The status of one of the operator's active drivers, or null — alike for any CPF that is not one. */
export async function driverStatusForOperator(
  operatorId: string,
  cpf: string,
  now = new Date(),
): Promise<DriverStatusBody | null> {
  const link = await activeLinkByCpf(operatorId, cpf);
  if (!link?.person) return null;
  const standing = await driverStanding(operatorId, link, now);
  return {
    cpf: link.person.cpf,
    name: link.person.fullName,
    linkedSince: link.acceptedAt ? link.acceptedAt.toISOString() : null,
    credentialInForce: standing.credentialInForce,
    application: standing.application
      ? { number: standing.application.number, status: standing.application.status }
      : null,
    credentials: standing.credentials.map((c) => ({
      serial: c.serial,
      type: c.type,
      category: c.category,
      plate: c.plate,
      status: c.status,
      verdict: c.verdict,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
    })),
    checkedAt: now.toISOString(),
  };
}
