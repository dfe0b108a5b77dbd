// The fiscal's offline verdict and the server's, side by side on the same credentials: one rule
// (judgeCredential) on the same civil day of the issuing municipality, whatever its zone. Offline,
// the status comes from the municipality's signed status list; on the server, from the record.
import { describe, expect, it } from "vitest";
import { verifyOffline } from "~/components/fiscal/offline-verify";
import { verifyStatusList } from "~/credentials/status-list";
import { statusListFor } from "~/models/credentials/status-list.server";
import { publishedJwks, resolveKey } from "~/models/signing-key.server";
import { verifyCredentialToken } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential } from "../../support/factories";

const SP = "America/Sao_Paulo"; // UTC-3
const MANAUS = "America/Manaus"; // UTC-4
const NORONHA = "America/Noronha"; // UTC-2

type Case = { status: "ACTIVE" | "SUSPENDED" | "REVOKED"; at: string; zone: string; verdict: string };

// Valid from 2026-03-10 to 2026-06-10 (inclusive civil dates). The instants sit just either side
// of midnight in one zone or another: the verdict turns on the municipality's day, not UTC's.
const CASES: Case[] = [
  { status: "ACTIVE", at: "2026-06-11T02:30:00Z", zone: SP, verdict: "VALID" }, // 23:30 of the last day
  { status: "ACTIVE", at: "2026-06-11T02:30:00Z", zone: MANAUS, verdict: "VALID" }, // 22:30
  { status: "ACTIVE", at: "2026-06-11T02:30:00Z", zone: NORONHA, verdict: "EXPIRED" }, // 00:30 the day after
  { status: "ACTIVE", at: "2026-06-11T03:30:00Z", zone: SP, verdict: "EXPIRED" }, // 00:30 the day after
  { status: "ACTIVE", at: "2026-06-11T03:30:00Z", zone: MANAUS, verdict: "VALID" }, // 23:30 of the last day
  { status: "ACTIVE", at: "2026-03-10T02:30:00Z", zone: SP, verdict: "INVALID" }, // 23:30 the day before
  { status: "ACTIVE", at: "2026-03-10T02:30:00Z", zone: NORONHA, verdict: "VALID" }, // 00:30 of the first day
  { status: "ACTIVE", at: "2026-03-10T03:30:00Z", zone: MANAUS, verdict: "INVALID" }, // 23:30 the day before
  { status: "SUSPENDED", at: "2026-04-01T15:00:00Z", zone: SP, verdict: "SUSPENDED" },
  { status: "SUSPENDED", at: "2026-03-10T02:30:00Z", zone: SP, verdict: "SUSPENDED" }, // status before dates
  { status: "REVOKED", at: "2026-04-01T15:00:00Z", zone: MANAUS, verdict: "REVOKED" },
  { status: "REVOKED", at: "2026-06-11T02:30:00Z", zone: SP, verdict: "REVOKED" },
];

describe("the fiscal's offline verdict and the server's agree", () => {
  it.each(CASES)("$status at $at in $zone: $verdict", async ({ status, at, zone, verdict }) => {
    const now = new Date(at);
    const m = await db.municipality.update({
      where: { id: (await createMunicipality()).id },
      data: { timeZone: zone },
    });
    const { credential, token } = await createSignedCredential(m, {
      status,
      validFrom: "2026-03-10",
      validUntil: "2026-06-10",
    });

    const server = await verifyCredentialToken(token, { now, channel: "QR", withPhoto: false });

    const snapshot = await statusListFor(m.ibgeCode, now);
    const statusList = await verifyStatusList(snapshot!.jws, { resolveKey, now, expectedIssuer: m.ibgeCode });
    const offline = await verifyOffline(
      token,
      {
        jwks: await publishedJwks(now),
        municipality: { ibge: m.ibgeCode, keys: [{ kid: credential.kid, status: "ACTIVE" }] },
        statusList,
        timeZone: zone,
      },
      now,
    );

    expect(server.body.verdict).toBe(verdict);
    expect(offline.verdict).toBe(verdict);
    expect(offline.reason).toBe(server.body.reason ?? "ok");
  });
});
