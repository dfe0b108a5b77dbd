import { describe, expect, it } from "vitest";
import { OPEN_STATUSES } from "~/domain/applications/status";

describe("an application still under way", () => {
  it("is one the table may still move: from the draft to approved, never issued, rejected or withdrawn", () => {
    expect(OPEN_STATUSES).toEqual(["DRAFT", "SUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED", "RESUBMITTED", "APPROVED"]);
  });
});
