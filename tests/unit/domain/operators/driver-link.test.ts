import { describe, expect, it } from "vitest";
import {
  allowedLinkActions,
  endReasonText,
  LINK_ACTIONS,
  LINK_IN_FORCE,
  LINK_STATUS_LABELS,
  LINK_STATUSES,
  type LinkAction,
  linkEdges,
  linkMove,
  type LinkStatus,
  linkTransition,
  NEW_LINK_STATUS,
  OPEN_LINK_STATUSES,
} from "~/domain/operators/driver-link";

const LEGAL: [LinkStatus, LinkAction, LinkStatus][] = [
  ["INVITED", "accept", "ACTIVE"],
  ["INVITED", "decline", "DECLINED"],
  ["INVITED", "cancel", "ENDED"],
  ["ACTIVE", "end", "ENDED"],
  ["ACTIVE", "declare_data_sent", "ACTIVE"],
];

describe("the driver-operator link's state table", () => {
  it("starts as an invitation and becomes a bond only when the driver accepts", () => {
    expect(NEW_LINK_STATUS).toBe("INVITED");
    expect(LINK_IN_FORCE).toBe("ACTIVE");
    for (const [from, action, to] of LEGAL) expect(linkTransition(from, action), `${from} ${action}`).toBe(to);
    expect(linkEdges()).toHaveLength(LEGAL.length);
  });

  it("refuses every other move", () => {
    for (const s of LINK_STATUSES)
      for (const a of LINK_ACTIONS)
        if (!LEGAL.some(([f, act]) => f === s && act === a)) expect(linkTransition(s, a), `${s} ${a}`).toBeNull();
    expect(linkTransition("UNKNOWN", "accept")).toBeNull();
  });

  it("offers per status the moves the table allows; declined and ended links are history", () => {
    expect(allowedLinkActions("INVITED")).toEqual(["accept", "decline", "cancel"]);
    expect(allowedLinkActions("ACTIVE")).toEqual(["end", "declare_data_sent"]);
    expect(allowedLinkActions("DECLINED")).toEqual([]);
    expect(allowedLinkActions("ENDED")).toEqual([]);
    expect([...OPEN_LINK_STATUSES]).toEqual(["INVITED", "ACTIVE"]);
  });

  it("tells an update where a move starts and where it leads", () => {
    expect(linkMove("cancel")).toEqual({ from: ["INVITED"], to: "ENDED" });
    expect(linkMove("end")).toEqual({ from: ["ACTIVE"], to: "ENDED" });
  });

  it("names every status and reads an end reason with the operator's note", () => {
    for (const s of LINK_STATUSES) expect(LINK_STATUS_LABELS[s]).toBeTruthy();
    expect(endReasonText(null)).toBeNull();
    expect(endReasonText("CONVITE_CANCELADO")).toBe("Convite cancelado");
    expect(endReasonText("DESLIGAMENTO: pediu as contas")).toBe("Desligamento da empresa — pediu as contas");
  });
});
