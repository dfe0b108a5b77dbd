import { describe, expect, test } from "vitest";
import { appealDeadline, EnforcementNotProvidedError, noticeStatus, removalStatus } from "~/domain/infractions";
import { withParameters } from "~/domain/rule-packs";
import { itaunaMg, jardimMs } from "~/domain/rule-packs/shipped";

const DAILY = "Lei 904/1997, art. 29, parágrafo único";

describe("Jardim: a notice not remedied in 72 hours becomes a daily fine of 60% of the minimum wage", () => {
  const issuedAt = "2025-03-10T14:30";

  test.each([
    { name: "still open within the 72 hours", asOf: "2025-03-13T14:30", remediedAt: null, state: "OPEN", fineDays: 0 },
    {
      name: "remedied at the 72nd hour is in time",
      asOf: "2025-03-20T00:00",
      remediedAt: "2025-03-13T14:30",
      state: "REMEDIED",
      fineDays: 0,
    },
    {
      name: "one minute late starts the first day of fine",
      asOf: "2025-03-13T14:31",
      remediedAt: null,
      state: "DAILY_FINE",
      fineDays: 1,
    },
    {
      name: "24 hours and one minute late are two days",
      asOf: "2025-03-14T14:31",
      remediedAt: null,
      state: "DAILY_FINE",
      fineDays: 2,
    },
    {
      name: "the fine stops when remedied",
      asOf: "2025-04-30T00:00",
      remediedAt: "2025-03-15T10:00",
      state: "DAILY_FINE",
      fineDays: 2,
    },
  ])("$name", ({ asOf, remediedAt, state, fineDays }) => {
    const s = noticeStatus(jardimMs, { issuedAt, remediedAt }, asOf);
    expect(s).toMatchObject({
      state,
      fineDays,
      remedyBy: "2025-03-13T14:30",
      dailyFineFraction: 0.6,
      dailyFineBrl: 910.8,
      citation: DAILY,
    });
    expect(s.totalFineBrl).toBe(Math.round(910.8 * fineDays * 100) / 100);
  });

  test("the amount follows the minimum wage the gestor sets", () => {
    const s = noticeStatus(withParameters(jardimMs, { salarioMinimoBrl: 1600 }), { issuedAt }, "2025-03-13T15:00");
    expect(s.dailyFineBrl).toBe(960);
  });
});

describe("Jardim: removal of a driver may be requested after the 3rd notice", () => {
  test.each([
    { notices: 2, may: false },
    { notices: 3, may: true },
    { notices: 4, may: true },
  ])("with $notices notices: $may", ({ notices, may }) => {
    expect(removalStatus(jardimMs, notices)).toEqual({
      mayRequestRemoval: may,
      notices,
      threshold: 3,
      citation: "Lei 904/1997, art. 27, c",
    });
  });
});

describe("Jardim: appeal within 8 days", () => {
  test("notified on 10 March, the last day to appeal is 18 March", () => {
    expect(appealDeadline(jardimMs, "2025-03-10")).toEqual({
      lastDay: "2025-03-18",
      citation: "Lei 904/1997, art. 30",
    });
  });

  test("the term crosses month ends by the calendar", () => {
    expect(appealDeadline(jardimMs, "2025-02-25").lastDay).toBe("2025-03-05");
  });
});

test("a law without these devices says so instead of inventing them", () => {
  expect(() => noticeStatus(itaunaMg, { issuedAt: "2025-03-10T14:30" }, "2025-03-20T00:00")).toThrow(
    EnforcementNotProvidedError,
  );
  expect(() => removalStatus(itaunaMg, 3)).toThrow(EnforcementNotProvidedError);
  expect(() => appealDeadline(itaunaMg, "2025-03-10")).toThrow(EnforcementNotProvidedError);
});
