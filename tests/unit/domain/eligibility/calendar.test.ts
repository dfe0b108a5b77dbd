import { describe, expect, test } from "vitest";
import {
  addDays,
  addDuration,
  addDurationToDateTime,
  addMonths,
  addYears,
  completedYears,
  daysBetween,
  isValidIsoDate,
  parseDuration,
} from "~/domain/eligibility/calendar";

describe("calendar arithmetic", () => {
  test.each([
    { from: "2004-06-15", years: 21, to: "2025-06-15" },
    { from: "2004-02-29", years: 21, to: "2025-03-01" },
    { from: "2004-02-29", years: 4, to: "2008-02-29" },
  ])("$from plus $years years is $to (CC art. 132, § 3º)", ({ from, years, to }) => {
    expect(addYears(from, years)).toBe(to);
  });

  test("a month from 31 January is 1 March, not 28 February", () => {
    expect(addMonths("2025-01-31", 1)).toBe("2025-03-01");
    expect(addMonths("2025-08-31", 6)).toBe("2026-03-01");
  });

  test("six months from 15 June is 15 December", () => {
    expect(addDuration("2025-06-15", "P6M")).toBe("2025-12-15");
  });

  test("days cross months and leap years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDuration("2025-06-14", "P90D")).toBe("2025-09-12");
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
  });

  test("completed years count the anniversary on its day", () => {
    expect(completedYears("2004-06-15", "2025-06-14")).toBe(20);
    expect(completedYears("2004-06-15", "2025-06-15")).toBe(21);
    expect(completedYears("2004-02-29", "2025-02-28")).toBe(20);
  });

  test("72 hours after a date-time keep the time; on a plain date they are 3 days", () => {
    expect(addDurationToDateTime("2025-03-10T14:30", "PT72H")).toBe("2025-03-13T14:30");
    expect(addDuration("2025-03-10", "PT72H")).toBe("2025-03-13");
    expect(() => addDuration("2025-03-10", "PT5H")).toThrow();
  });

  test("durations parse in full and reject nonsense", () => {
    expect(parseDuration("P1Y2M3W4DT5H6M7S")).toEqual({
      years: 1,
      months: 2,
      weeks: 3,
      days: 4,
      hours: 5,
      minutes: 6,
      seconds: 7,
    });
    expect(() => parseDuration("P")).toThrow();
    expect(() => parseDuration("1Y")).toThrow();
  });

  test("only real calendar dates are valid", () => {
    expect(isValidIsoDate("2024-02-29")).toBe(true);
    expect(isValidIsoDate("2023-02-29")).toBe(false);
    expect(isValidIsoDate("2023-13-01")).toBe(false);
    expect(isValidIsoDate("2023-1-01")).toBe(false);
  });
});
