// Approval and issuance killed with SIGKILL at points inside it: afterwards the database holds
// the whole approval (status, credentials, history, audit events, mail) or none of it, the audit
// chain verifies (`npm run audit:verify`), and the approval can be retried. Runs on SQLite and,
// with DATABASE_URL=postgresql://…, on PostgreSQL. The child process is
// tests/security/children/approve-child.ts (it freezes itself at the point; no production hook).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { approveAndIssue } from "~/models/approval.server";
import { ensureStoredPdf } from "~/models/credentials/pdf.server";
import { signerFor } from "~/models/signing-key.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { verifyAuditChain } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { testActor } from "../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../support/journey";

const staff = { ...testActor, userId: null, role: "ANALISTA" };

/** An application ready for "approve and issue", its municipality's signing key already made. */
async function readyToApprove() {
  const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
  await submittedAndAccepted(applicationId, actor, staff);
  const vistoria = await scheduleVistoria(applicationId, municipality.id, new Date(), "Pátio da Prefeitura", staff);
  await recordVistoria(vistoria.id, municipality.id, { failedItems: [] }, staff);
  await signerFor(municipality.id, staff);
  return { municipalityId: municipality.id, applicationId };
}

/** Everything an approval writes, as seen from outside. */
async function approvalState(applicationId: string) {
  const app = await db.application.findUniqueOrThrow({ where: { id: applicationId } });
  const credentials = await db.credential.findMany({ where: { applicationId }, orderBy: { type: "asc" } });
  const history = await db.applicationStatusChange.findMany({ where: { applicationId }, orderBy: { at: "asc" } });
  const events = await db.auditEvent.findMany({
    where: { subjectId: { in: [applicationId, ...credentials.map((c) => c.id)] } },
    orderBy: { seq: "asc" },
  });
  return {
    status: app.status,
    vehicleId: app.vehicleId,
    credentials: credentials.map((c) => c.type),
    history: history.map((h) => h.toStatus),
    events: events.map((e) => e.action),
    allEvents: await db.auditEvent.count(),
    mails: await db.outboxMessage.count(),
  };
}

/** Runs the approval in a child process and kills it with SIGKILL at `point`. */
async function killApprovalAt(
  point: "credential" | "commit" | "stored-pdf",
  ids: Awaited<ReturnType<typeof readyToApprove>>,
) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/security/children/approve-child.ts", ids.applicationId, ids.municipalityId, point],
    { env: process.env, stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  let reached = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === `at:${point}`) {
      reached = true;
      child.kill("SIGKILL");
      break;
    }
  }
  expect(reached).toBe(true);
  expect(await exited).toBe("SIGKILL");
}

/** `npm run audit:verify`, as an operator would run it after the crash. */
async function auditVerifyCommand() {
  const child = spawn(process.execPath, ["--import", "tsx", "app/commands/audit-verify.ts"], {
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, output };
}

async function expectChainIntact() {
  expect((await verifyAuditChain()).problems).toEqual([]);
  const command = await auditVerifyCommand();
  expect(command.output).toMatch(/Cadeia de auditoria íntegra/);
  expect(command.code).toBe(0);
}

const ISSUED = ["AUTORIZACAO_TRANSITO", "CERTIFICADO", "CRACHA"];

// Each case starts a child process and runs the audit command: slow on a shared machine.
describe("an approval killed with SIGKILL is all or nothing", { timeout: 180_000 }, () => {
  it.each(["credential", "commit"] as const)(
    "killed at %s (inside the issuance transaction): nothing of it remains, the chain verifies, and a retry issues",
    async (point) => {
      const ids = await readyToApprove();
      const before = await approvalState(ids.applicationId);
      expect(before.status).toBe("IN_REVIEW");

      await killApprovalAt(point, ids);

      expect(await approvalState(ids.applicationId)).toEqual(before);
      await expectChainIntact();

      const issued = await approveAndIssue(ids.applicationId, ids.municipalityId, staff);
      expect(issued.map((c) => c.type).sort()).toEqual(ISSUED);
      const after = await approvalState(ids.applicationId);
      expect(after.status).toBe("ISSUED");
      expect(after.history.slice(-2)).toEqual(["APPROVED", "ISSUED"]);
      expect(after.events).toEqual(
        expect.arrayContaining(["application.approve", "credential.issue", "application.issue"]),
      );
      await expectChainIntact();
    },
  );

  it("killed after the commit, before the PDFs are stored: the approval is whole, and the PDFs come later", async () => {
    const ids = await readyToApprove();
    await killApprovalAt("stored-pdf", ids);

    const state = await approvalState(ids.applicationId);
    expect(state.status).toBe("ISSUED");
    expect(state.credentials).toEqual(ISSUED);
    expect(state.history.slice(-2)).toEqual(["APPROVED", "ISSUED"]);
    expect(state.events.filter((a) => a === "credential.issue")).toHaveLength(ISSUED.length);
    expect(state.events).toEqual(expect.arrayContaining(["application.approve", "application.issue"]));
    await expectChainIntact();

    // A second approval is refused (409): the first one counted.
    await expect(approveAndIssue(ids.applicationId, ids.municipalityId, staff)).rejects.toMatchObject({
      kind: "conflict",
    });
    // The PDFs are rendered on first download (ensureStoredPdf), from what was committed.
    const credentials = await db.credential.findMany({ where: { applicationId: ids.applicationId } });
    expect(credentials.every((c) => c.pdfStorageKey === null)).toBe(true);
    for (const c of credentials) expect((await ensureStoredPdf(c.id)).pdfSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
