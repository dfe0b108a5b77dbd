import { randomBytes } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localDateTime } from "~/components/fiscal/infraction-input";
import { assertCan } from "~/domain/auth/permissions";
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { normalizeSerial } from "~/domain/credentials/typed-code";
import { notFound } from "~/domain/refusal";
import { municipalitiesWith, requirePermission, userCan } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { lookupTypedCode } from "~/models/credentials/typed-code.server";
import { credentialScope, fiscalDetail, fiscalHome } from "~/models/fiscal.server";
import {
  coarseClient,
  isWellFormedToken,
  type VerdictBody,
  verifyCredentialSerial,
  verifyCredentialToken,
} from "~/models/verification.server";

// The fiscal view of one credential: the public verdict (photo only when reached through the
// signed QR, channel FISCAL in the log) plus what only a fiscal of that municipality sees.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "verify:credential");
  const serial = normalizeSerial(params.serial ?? "");
  // Another municipality's credential answers as an unknown serial: no 403 telling it exists.
  const scope = await credentialScope(serial, municipalitiesWith(user, "verify:credential"));
  if (!scope) throw notFound("Nenhuma credencial com este código.");
  assertCan(user, "verify:credential", { municipalityId: scope.municipalityId });

  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  const typedCode = token === null ? (url.searchParams.get("codigo")?.slice(0, 64) ?? null) : null;
  // After the form without JavaScript: /fiscal/autos/novo redirects here with the number.
  const infractionNumber = /^AI-[A-Z0-9]{2,10}-\d{4}-\d{6}$/.test(url.searchParams.get("auto") ?? "")
    ? url.searchParams.get("auto")
    : null;
  const now = new Date();
  const client = coarseClient(request.headers.get("user-agent"));
  let body: VerdictBody;
  if (token !== null) {
    const verified = isWellFormedToken(token)
      ? await verifyCredentialToken(token, { now, channel: "FISCAL", client, withPhoto: true })
      : null;
    // A genuine QR of another credential is not this one: treated as not recognised here.
    body =
      verified && verified.credentialId === scope.id
        ? verified.body
        : { verdict: "INVALID", reason: "not_recognized", checkedAt: now.toISOString() };
  } else if (typedCode !== null) {
    // The whole printed code, its check part right: the badge is in the fiscal's hands, as with the QR.
    const typed = lookupTypedCode(typedCode);
    body =
      typed.kind === "found" && typed.serial === scope.serial
        ? (await verifyCredentialSerial(serial, { now, channel: "FISCAL", client, withPhoto: true })).body
        : { verdict: "INVALID", reason: "not_recognized", checkedAt: now.toISOString() };
  } else {
    body = (await verifyCredentialSerial(serial, { now, channel: "FISCAL", client })).body;
  }
  const recognised = body.verdict !== "INVALID";
  const [detail, home] = recognised
    ? await Promise.all([fiscalDetail(scope.id), fiscalHome(scope.municipalityId)])
    : [null, null];
  const canWrite = recognised && userCan(user, "create:infraction", { municipalityId: scope.municipalityId });
  const photoSent = url.searchParams.get("foto") === "enviada";
  const photoError = url.searchParams.get("foto-erro")?.slice(0, 300) ?? null;
  return {
    serial,
    infractionNumber,
    photoSent,
    photoError,
    // Reached with the badge in hand: its signed QR, or its whole printed code.
    scanned: token !== null || typedCode !== null,
    body,
    detail: detail && {
      status: detail.status,
      statusLabel: CREDENTIAL_STATUS_LABELS[detail.status] ?? detail.status,
      statusReason: detail.statusReason,
      statusCitation: detail.statusCitation,
      suspendedUntil: detail.suspendedUntil,
      vehicle: detail.vehicle,
      operator: detail.operator,
      history: detail.statusChanges.map((h) => ({
        ...h,
        at: h.at.toISOString(),
        from: CREDENTIAL_STATUS_LABELS[h.fromStatus] ?? h.fromStatus,
        to: CREDENTIAL_STATUS_LABELS[h.toStatus] ?? h.toStatus,
      })),
      infractions: detail.infractions.map((i) => ({
        id: i.id,
        number: i.number,
        code: i.code,
        class: i.class,
        citation: i.citation,
        occurredAt: i.occurredAt.toISOString(),
        place: i.place,
        status: i.status,
      })),
    },
    catalogue: canWrite && home ? home.catalogue : null,
    clientRef: randomBytes(16).toString("hex"),
    photoRef: randomBytes(16).toString("hex"),
    now: localDateTime(now, scope.municipality.timeZone),
    timeZone: scope.municipality.timeZone,
  };
});
