import { describe, expect, it } from "vitest";
import { allowedActions, APPLICATION_STATUSES, edges, transition } from "~/domain/applications/status";
import { credentialTransition, verdictFor } from "~/domain/credentials/status";

describe("application lifecycle", () => {
  it("goes draft → submitted → in review → approved → issued", () => {
    expect(transition("DRAFT", "submit")).toEqual({ ok: true, from: "DRAFT", to: "SUBMITTED" });
    expect(transition("SUBMITTED", "start_review")).toMatchObject({ ok: true, to: "IN_REVIEW" });
    expect(transition("IN_REVIEW", "approve")).toMatchObject({ ok: true, to: "APPROVED" });
    expect(transition("APPROVED", "issue")).toMatchObject({ ok: true, to: "ISSUED" });
  });

  it("loops between changes requested and resubmitted", () => {
    expect(transition("IN_REVIEW", "request_changes")).toMatchObject({ ok: true, to: "CHANGES_REQUESTED" });
    expect(transition("CHANGES_REQUESTED", "resubmit")).toMatchObject({ ok: true, to: "RESUBMITTED" });
    expect(transition("RESUBMITTED", "start_review")).toMatchObject({ ok: true, to: "IN_REVIEW" });
  });

  it("refuses to approve a draft or to issue twice", () => {
    expect(transition("DRAFT", "approve").ok).toBe(false);
    expect(transition("ISSUED", "issue").ok).toBe(false);
  });

  it("has no way out of the final statuses", () => {
    for (const s of ["ISSUED", "REJECTED", "WITHDRAWN"] as const) expect(allowedActions(s)).toEqual([]);
  });

  it("reaches every status from the draft", () => {
    const reached = new Set(["DRAFT"]);
    for (let i = 0; i < APPLICATION_STATUSES.length; i++)
      for (const e of edges()) if (reached.has(e.from)) reached.add(e.to);
    expect([...reached].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });
});

describe("credential lifecycle", () => {
  it("suspends and reinstates, and never reinstates a revoked credential", () => {
    expect(credentialTransition("ACTIVE", "suspend")).toBe("SUSPENDED");
    expect(credentialTransition("SUSPENDED", "reinstate")).toBe("ACTIVE");
    expect(credentialTransition("REVOKED", "reinstate")).toBeNull();
  });

  it("gives the verdict from status and dates, expiry included on the last day", () => {
    const c = { status: "ACTIVE" as const, validFrom: "2026-01-01", validUntil: "2026-12-31" };
    expect(verdictFor(c, "2026-12-31")).toBe("VALID");
    expect(verdictFor(c, "2027-01-01")).toBe("EXPIRED");
    expect(verdictFor({ ...c, status: "SUSPENDED" }, "2026-06-01")).toBe("SUSPENDED");
    expect(verdictFor({ ...c, status: "REVOKED" }, "2027-06-01")).toBe("REVOKED");
  });
});
