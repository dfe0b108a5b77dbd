import { describe, expect, it } from "vitest";
import { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "~/domain/infractions/labels";
import {
  allowedActions,
  INFRACTION_ACTIONS,
  INFRACTION_STATUSES,
  type InfractionAction,
  infractionEdges,
  type InfractionStatus,
  infractionTransition,
  PENALTY_STATUSES,
  requireInfractionTransition,
  VOID_STATUSES,
} from "~/domain/infractions/status";
import { isRefusal } from "~/domain/refusal";

// The process as ADR 010 and the laws describe it, written out edge by edge: the table must say exactly this.
const LEGAL: [InfractionStatus, InfractionAction, InfractionStatus][] = [
  ["REGISTERED", "notify", "NOTIFIED"],
  ["NOTIFIED", "defence", "NOTIFIED"],
  ["NOTIFIED", "decide", "DECIDED"],
  ["REGISTERED", "archive", "CANCELLED"],
  ["NOTIFIED", "archive", "CANCELLED"],
  ["DECIDED", "appeal", "APPEALED"],
  ["APPEALED", "deny_appeal", "FINAL"],
  ["APPEALED", "grant_appeal", "CANCELLED"],
  ...(["DECIDED", "APPEALED", "FINAL"] as const).flatMap((s) =>
    (["remedy", "daily_fine", "removal"] as const).map((a): [InfractionStatus, InfractionAction, InfractionStatus] => [
      s,
      a,
      s,
    ]),
  ),
];
const isLegal = (s: string, a: string) => LEGAL.some(([from, action]) => from === s && action === a);

describe("the auto de infração's state table", () => {
  it("allows every move of the process, to the status the process says", () => {
    for (const [from, action, to] of LEGAL) expect(infractionTransition(from, action), `${from} ${action}`).toBe(to);
    expect(infractionEdges()).toHaveLength(LEGAL.length);
  });

  it("refuses every other move, with a 409 that names the auto's status as the page shows it", () => {
    let refused = 0;
    for (const s of INFRACTION_STATUSES)
      for (const a of INFRACTION_ACTIONS) {
        if (isLegal(s, a)) continue;
        refused++;
        expect(infractionTransition(s, a), `${s} ${a}`).toBeNull();
        let thrown: unknown;
        try {
          requireInfractionTransition(s, a);
        } catch (e) {
          thrown = e;
        }
        expect(isRefusal(thrown) && thrown.kind).toBe("conflict");
        expect((thrown as Error).message).toBe(
          `Não é possível fazer isso com um auto "${INFRACTION_STATUS_LABELS[s]}".`,
        );
      }
    expect(refused).toBe(INFRACTION_STATUSES.length * INFRACTION_ACTIONS.length - LEGAL.length);
  });

  it("returns the target of a legal move without refusing", () => {
    expect(requireInfractionTransition("APPEALED", "grant_appeal")).toBe("CANCELLED");
  });

  it("knows no status outside its list: ARCHIVED is the label of CANCELLED, not a status", () => {
    expect(INFRACTION_STATUSES).not.toContain("ARCHIVED");
    expect(infractionTransition("ARCHIVED", "notify")).toBeNull();
    expect(allowedActions("ARCHIVED")).toEqual([]);
    expect(INFRACTION_STATUS_LABELS.CANCELLED).toBe("Arquivado");
  });

  it("counts only CANCELLED as void, and a penalty as standing while decided, under appeal or final", () => {
    expect([...VOID_STATUSES]).toEqual(["CANCELLED"]);
    expect([...PENALTY_STATUSES]).toEqual(["DECIDED", "APPEALED", "FINAL"]);
    // Every status is open, penalised or void — and never two of these at once.
    for (const s of INFRACTION_STATUSES)
      expect(Number(VOID_STATUSES.includes(s)) + Number(PENALTY_STATUSES.includes(s))).toBeLessThanOrEqual(1);
  });

  it("offers, per status, exactly the steps the table allows", () => {
    expect(allowedActions("REGISTERED")).toEqual(["notify", "archive"]);
    expect(allowedActions("NOTIFIED")).toEqual(["defence", "decide", "archive"]);
    expect(allowedActions("DECIDED")).toEqual(["appeal", "remedy", "daily_fine", "removal"]);
    expect(allowedActions("APPEALED")).toEqual(["deny_appeal", "grant_appeal", "remedy", "daily_fine", "removal"]);
    expect(allowedActions("FINAL")).toEqual(["remedy", "daily_fine", "removal"]);
    expect(allowedActions("CANCELLED")).toEqual([]);
  });

  it("does not offer a second defence once one is on file", () => {
    expect(allowedActions("NOTIFIED", { defenceOnFile: true })).toEqual(["decide", "archive"]);
  });

  it("reaches every status from REGISTERED, and nothing leaves CANCELLED", () => {
    const reached = new Set<string>(["REGISTERED"]);
    for (let i = 0; i < INFRACTION_STATUSES.length; i++)
      for (const e of infractionEdges()) if (reached.has(e.from)) reached.add(e.to);
    expect([...reached].sort()).toEqual([...INFRACTION_STATUSES].sort());
    expect(infractionEdges().filter((e) => e.from === "CANCELLED")).toEqual([]);
  });

  it("has a label and a badge tone for every status", () => {
    for (const s of INFRACTION_STATUSES) {
      expect(INFRACTION_STATUS_LABELS[s]).toBeTruthy();
      expect(INFRACTION_STATUS_TONES[s]).toBeTruthy();
    }
    expect(Object.keys(INFRACTION_STATUS_LABELS).sort()).toEqual([...INFRACTION_STATUSES].sort());
  });
});
