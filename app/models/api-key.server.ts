// API keys of an operator, for its own systems (an app platform checking, before dispatching, that
// a driver's credential is in force). A key is shown once: only its sha256 and a visible prefix
// are stored. It is scoped to its operator, revocable, and answers only about that operator's
// linked drivers — any other CPF looks exactly like an unknown one.
import { randomBytes } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { apiError } from "~/utils/api.server";
import { activeLinkByCpf, driverStanding } from "./driver-standing.server";

const KEY_SHAPE = /^crd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

/** Creates a key and returns the secret — the only time it exists outside the caller's hands. */
export async function createApiKey(
  operator: { id: string; municipalityId: string; status: string },
  name: string,
  actor: Actor,
  now = new Date(),
) {
  if (operator.status !== "ACTIVE")
    throw new Response("A empresa precisa estar credenciada para usar a API.", { status: 409 });
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
    if (updated.count !== 1) throw new Response("Chave não encontrada ou já revogada.", { status: 409 });
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

const UNAUTHORIZED = { "WWW-Authenticate": 'Bearer realm="api"', "Cache-Control": "no-store" };

export type ApiCaller = { keyId: string; operator: { id: string; municipalityId: string; legalName: string } };

/** The operator behind the request's Bearer key, or the JSON error to answer with (401/403). */
export async function authenticateApiKey(
  request: Request,
  now = new Date(),
): Promise<{ ok: true; caller: ApiCaller } | { ok: false; response: Response }> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match)
    return {
      ok: false,
      response: apiError(
        401,
        "missing_api_key",
        "Informe a chave de API no cabeçalho Authorization: Bearer <chave>.",
        UNAUTHORIZED,
      ),
    };
  const secret = match[1];
  const key = KEY_SHAPE.test(secret)
    ? await db.apiKey.findUnique({ where: { hash: sha256Hex(secret) }, include: { operator: true } })
    : null;
  if (!key) return { ok: false, response: apiError(401, "invalid_api_key", "Chave de API inválida.", UNAUTHORIZED) };
  if (key.revokedAt)
    return {
      ok: false,
      response: apiError(
        401,
        "revoked_api_key",
        "Esta chave de API foi revogada. Gere outra no portal da empresa.",
        UNAUTHORIZED,
      ),
    };
  if (key.operator.status !== "ACTIVE")
    return {
      ok: false,
      response: apiError(403, "operator_not_credentialed", "A empresa desta chave não está credenciada.", {
        "Cache-Control": "no-store",
      }),
    };
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

export type DriverStatusBody = {
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

/** The status of one of the operator's active drivers, or null (unknown CPF, another operator's driver, ended bond: all alike). */
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
