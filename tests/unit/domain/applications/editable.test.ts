import { describe, expect, it } from "vitest";
import {
  APPLICATION_STATUSES,
  isEditable,
  OPERATOR_UPLOAD_STATUSES,
  sendAction,
  transition,
} from "~/domain/applications/status";

describe("which applications the applicant may still edit", () => {
  it("lets the applicant edit a draft and one returned for changes, and nothing else", () => {
    const editable = APPLICATION_STATUSES.filter(isEditable);
    expect(editable).toEqual(["DRAFT", "CHANGES_REQUESTED"]);
    expect(isEditable("SUBMITTED")).toBe(false);
    expect(isEditable("ISSUED")).toBe(false);
    expect(isEditable("UNKNOWN")).toBe(false);
  });

  it("sends a draft with submit and a corrected one with resubmit, as the table allows", () => {
    expect(sendAction("DRAFT")).toBe("submit");
    expect(sendAction("CHANGES_REQUESTED")).toBe("resubmit");
    for (const s of APPLICATION_STATUSES.filter((s) => !isEditable(s))) expect(sendAction(s)).toBeNull();
    for (const s of APPLICATION_STATUSES.filter(isEditable)) expect(transition(s, sendAction(s)!).ok).toBe(true);
  });

  it("keeps the operator's uploads open until the application is decided", () => {
    expect(OPERATOR_UPLOAD_STATUSES).toEqual(["DRAFT", "SUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED", "RESUBMITTED"]);
    for (const s of ["APPROVED", "ISSUED", "REJECTED", "WITHDRAWN"]) expect(OPERATOR_UPLOAD_STATUSES).not.toContain(s);
  });
});
