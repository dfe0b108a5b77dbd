import { describe, expect, it } from "vitest";
import { RENEWAL_WINDOW_DAYS, renewalOpensOn, renewalWindow } from "~/domain/credentials/renewal-window";

// A yearly credential issued on 2026-12-01, valid through 2027-11-30.
const badge = { status: "ACTIVE", validFrom: "2026-12-01", validUntil: "2027-11-30" };

describe("the renewal window", () => {
  it("opens 60 days before the last day, with the first expiry reminder", () => {
    expect(RENEWAL_WINDOW_DAYS).toBe(60);
    expect(renewalOpensOn("2027-11-30")).toBe("2027-10-01");
  });

  it("is closed on the day of issue, saying when it opens", () => {
    expect(renewalWindow(badge, "2026-12-01")).toEqual({
      open: false,
      reason: "too_early",
      verdict: "VALID",
      opensOn: "2027-10-01",
    });
  });

  it("is closed the day before it opens and open on its first day", () => {
    expect(renewalWindow(badge, "2027-09-30").open).toBe(false);
    expect(renewalWindow(badge, "2027-10-01")).toEqual({ open: true, verdict: "VALID" });
  });

  it("stays open on the last day and after the credential expired", () => {
    expect(renewalWindow(badge, "2027-11-30")).toEqual({ open: true, verdict: "VALID" });
    expect(renewalWindow(badge, "2027-12-01")).toEqual({ open: true, verdict: "EXPIRED" });
    expect(renewalWindow({ ...badge, status: "EXPIRED" }, "2028-06-01")).toEqual({ open: true, verdict: "EXPIRED" });
  });

  it("is shut whatever the date while suspended, and for good once revoked or superseded", () => {
    for (const [status, verdict] of [
      ["SUSPENDED", "SUSPENDED"],
      ["REVOKED", "REVOKED"],
      ["SUPERSEDED", "SUPERSEDED"],
    ] as const) {
      expect(renewalWindow({ ...badge, status }, "2027-11-01")).toEqual({ open: false, reason: "status", verdict });
    }
  });

  it("lets a short credential (less than the window long) be renewed from its first day", () => {
    expect(
      renewalWindow({ status: "ACTIVE", validFrom: "2026-12-01", validUntil: "2027-01-15" }, "2026-12-01").open,
    ).toBe(true);
  });
});
