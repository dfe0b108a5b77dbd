// What a new version changes for the applications in flight (ADR 069): nothing; each keeps the
// version it was started under until its decision, and the publisher reads them counted by version.
import { describe, expect, it } from "vitest";
import { applicationsInFlight } from "~/models/rule-pack-publication.server";
import { db } from "~/utils/db.server";
import { lavrasTown } from "./rule-pack-draft-support";

describe("the applications in flight, for the publisher", () => {
  it("tells the publisher the applications in flight, by the version each keeps until its decision", async () => {
    const m = await lavrasTown();
    const other = await lavrasTown();
    const application = (municipalityId: string, status: string, packVersion: string, n: number) =>
      db.application.create({
        data: {
          number: `REQ-V-${Date.now()}-${n}`,
          municipalityId,
          category: "APLICATIVO",
          mode: "VINCULADO",
          packId: "lavras-mg",
          packVersion,
          status,
        },
      });
    expect(await applicationsInFlight(m.id)).toEqual([]);
    const statuses = ["DRAFT", "SUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED", "ISSUED", "REJECTED", "WITHDRAWN"];
    for (const [n, status] of statuses.entries()) await application(m.id, status, "1.0.0", n);
    await application(m.id, "RESUBMITTED", "2.0.0", 10);
    await application(other.id, "SUBMITTED", "1.0.0", 11); // another town's
    expect(await applicationsInFlight(m.id)).toEqual([
      { version: "1.0.0", count: 4 },
      { version: "2.0.0", count: 1 },
    ]);
  });
});
