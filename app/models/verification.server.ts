// Public verification (api.md): the signature proves a credential genuine, the database says whether
// it is in force. Nothing personal beyond api.md's fields ever leaves here.
import { MAX_TOKEN_LENGTH, verifyToken } from "~/credentials/token";
import { type CredentialStatus, judgeCredential, type ValidityWindow, type Verdict } from "~/domain/credentials/status";
import { isWellFormedSerial } from "~/domain/credentials/typed-code";
import { civilDate } from "~/domain/time";
import { photoUrl } from "./credentials/photo.server";
import { resolveKey, verifiedSignatures } from "./signing-key.server";
import { recordVerification } from "./verification-log.server";
import { type CredentialSqlRow, hotSql } from "./verification-sql.server";

export type Channel = "QR" | "CODIGO" | "API" | "API_CODIGO" | "FISCAL";

export type VerdictBody = {
  verdict: Verdict;
  reason?: string;
  checkedAt: string;
  credential?: {
    serial: string;
    type: string;
    municipality: { ibge: string; name: string; uf: string };
    category: string;
    holderName: string;
    plate: string | null;
    operator: string | null;
    validFrom: string;
    validUntil: string;
    photoUrl?: string;
  };
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{0,200}$/;

/** A request the API answers 400 to: not even the shape of a token. */
export const isWellFormedToken = (token: string) => token.length <= MAX_TOKEN_LENGTH && TOKEN_SHAPE.test(token);

// Every way of not being a genuine credential gets the same public answer (reason and shape),
// so probing tokens or serials learns nothing; the precise reason is kept in the log.
const NOT_RECOGNIZED = "not_recognized";

const invalid = (now: Date): VerdictBody => ({
  verdict: "INVALID",
  reason: NOT_RECOGNIZED,
  checkedAt: now.toISOString(),
});

/** What a verdict needs of a credential: verification-sql.server.ts's flat row, municipality columns grouped. */
type CredentialRow = Omit<CredentialSqlRow, "ibgeCode" | "municipalityName" | "uf" | "timeZone"> & {
  municipality: Pick<CredentialSqlRow, "ibgeCode" | "uf" | "timeZone"> & { name: CredentialSqlRow["municipalityName"] };
};

/** The credential behind a serial: the hottest query, so on the raw driver with a prepared statement (ADR 011, 034). */
async function findCredentialForVerdict(serial: string): Promise<CredentialRow | null> {
  const r = await hotSql().credentialBySerial(serial);
  if (!r) return null;
  const { ibgeCode, municipalityName, uf, timeZone, ...credential } = r;
  return { ...credential, municipality: { ibgeCode, name: municipalityName, uf, timeZone } };
}

/**
 * The body for a genuine credential. `signed` is the token's validity (`vf`/`vu`): the stricter of it
 * and the record wins, on the issuer's civil day (ADR 002), and its window is what is shown.
 */
function bodyFor(c: CredentialRow, now: Date, signed?: ValidityWindow): VerdictBody {
  const today = civilDate(now, c.municipality.timeZone);
  const { verdict, reason } = judgeCredential(
    { status: c.status as CredentialStatus, validFrom: c.validFrom, validUntil: c.validUntil },
    today,
    signed,
  );
  if (verdict === "INVALID") return { verdict, reason: reason ?? NOT_RECOGNIZED, checkedAt: now.toISOString() }; // not yet valid: nothing to show
  const validFrom = signed && signed.validFrom > c.validFrom ? signed.validFrom : c.validFrom;
  const validUntil = signed && signed.validUntil < c.validUntil ? signed.validUntil : c.validUntil;
  const body: VerdictBody = {
    verdict,
    checkedAt: now.toISOString(),
    credential: {
      serial: c.serial,
      type: c.type,
      municipality: { ibge: c.municipality.ibgeCode, name: c.municipality.name, uf: c.municipality.uf },
      category: c.category,
      holderName: c.holderDisplayName,
      plate: c.plate,
      operator: c.operatorName,
      validFrom,
      validUntil,
    },
  };
  if (reason) body.reason = reason;
  return body;
}

async function log(credentialId: string, channel: Channel, verdict: Verdict, client: string | null) {
  await recordVerification({ credentialId, channel, verdict, client });
}

type TokenVerification = { body: VerdictBody; credentialId: string | null; detail: string };

/** Verdict for a token from a QR. `withPhoto` adds a short-lived photo URL where api.md allows. */
export async function verifyCredentialToken(
  token: string,
  opts: { now: Date; channel: Channel; client?: string | null; withPhoto: boolean },
): Promise<TokenVerification> {
  const result = await verifyToken(token, { resolveKey, verifiedSignatures, now: opts.now });
  if (!result.ok && result.reason !== "expired" && result.reason !== "not_yet_valid") {
    return { body: invalid(opts.now), credentialId: null, detail: result.reason };
  }
  const claims = result.claims;
  const credential = await findCredentialForVerdict(claims.serial);
  // The serial is the identity; the record must be the one this key's municipality issued.
  if (!credential || credential.municipality.ibgeCode !== claims.issuer || credential.kid !== result.kid) {
    return { body: invalid(opts.now), credentialId: null, detail: "unknown_credential" };
  }
  const body = bodyFor(credential, opts.now, { validFrom: claims.validFrom, validUntil: claims.validUntil });
  if (opts.withPhoto) withPhotoUrl(body, credential, opts.now);
  await log(credential.id, opts.channel, body.verdict, opts.client ?? null);
  return { body, credentialId: credential.id, detail: result.ok ? "ok" : result.reason };
}

/** The holder's photo, where api.md allows it (VALID, EXPIRED, SUSPENDED) and there is one. */
function withPhotoUrl(body: VerdictBody, credential: { id: string; photoDocumentId: string | null }, now: Date) {
  if (body.credential && credential.photoDocumentId && ["VALID", "EXPIRED", "SUSPENDED"].includes(body.verdict))
    body.credential.photoUrl = photoUrl(credential.id, now);
}

/**
 * Verdict by typed serial: status and data. The photo only with `withPhoto`, which the fiscal's
 * view asks for when the whole printed code was typed and its check part matched (the badge in hand).
 */
export async function verifyCredentialSerial(
  serial: string,
  opts: { now: Date; channel: Channel; client?: string | null; withPhoto?: boolean },
) {
  const credential = isWellFormedSerial(serial) ? await findCredentialForVerdict(serial) : null;
  if (!credential) return { body: invalid(opts.now), credentialId: null };
  const body = bodyFor(credential, opts.now);
  if (opts.withPhoto) withPhotoUrl(body, credential, opts.now);
  await log(credential.id, opts.channel, body.verdict, opts.client ?? null);
  return { body, credentialId: credential.id };
}

type StatusBody = Omit<VerdictBody, "credential"> & {
  credential?: Omit<NonNullable<VerdictBody["credential"]>, "holderName" | "plate" | "operator" | "photoUrl">;
};

/** api.md's live status by serial: the verdict and the credential's public status, never who holds it. */
export function statusOnly(body: VerdictBody): StatusBody {
  if (!body.credential) return body;
  const { serial, type, municipality, category, validFrom, validUntil } = body.credential;
  return { ...body, credential: { serial, type, municipality, category, validFrom, validUntil } };
}

/** Coarse description of the client for the verification log: no address, no full user agent. */
export function coarseClient(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const device = /Mobi|Android|iPhone/i.test(ua) ? "celular" : "computador";
  const browser = /Firefox\//.test(ua)
    ? "Firefox"
    : /Edg\//.test(ua)
      ? "Edge"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "outro";
  return `${device}/${browser}`;
}
