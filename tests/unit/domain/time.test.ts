import { describe, expect, it } from "vitest";
import { judgeCredential } from "~/domain/credentials/status";
import {
  brazilianTimeZones,
  civilDate,
  DEFAULT_TIME_ZONE,
  instantAt,
  isTimeZone,
  localDateTime,
  offsetMs,
  timeZoneForUf,
  today,
  UF_TIME_ZONES,
} from "~/domain/time";

const SP = "America/Sao_Paulo";
const CG = "America/Campo_Grande";

describe("civil time of a municipality", () => {
  it("gives Jardim's day and clock, one hour behind São Paulo's, between 03:00 and 04:00 UTC", () => {
    const at = new Date("2026-06-11T03:30:00Z");
    expect([civilDate(at, SP), civilDate(at, CG)]).toEqual(["2026-06-11", "2026-06-10"]);
    expect([today(at, SP), today(at, CG)]).toEqual(["2026-06-11", "2026-06-10"]);
    expect([localDateTime(at, SP), localDateTime(at, CG)]).toEqual(["2026-06-11T00:30", "2026-06-10T23:30"]);
    expect(civilDate(new Date("2026-06-11T04:00:00Z"), CG)).toBe("2026-06-11");
  });

  it("gives Manaus (one hour behind) and Noronha (one ahead) their own day where São Paulo's turns", () => {
    const MANAUS = "America/Manaus";
    const NORONHA = "America/Noronha";
    const before = new Date("2026-06-11T02:30:00Z"); // 23:30 in São Paulo
    expect([civilDate(before, SP), civilDate(before, MANAUS), civilDate(before, NORONHA)]).toEqual([
      "2026-06-10",
      "2026-06-10",
      "2026-06-11",
    ]);
    const after = new Date("2026-06-11T03:30:00Z"); // 00:30 in São Paulo
    expect([civilDate(after, SP), civilDate(after, MANAUS), civilDate(after, NORONHA)]).toEqual([
      "2026-06-11",
      "2026-06-10",
      "2026-06-11",
    ]);
    expect([localDateTime(after, MANAUS), localDateTime(after, NORONHA)]).toEqual([
      "2026-06-10T23:30",
      "2026-06-11T01:30",
    ]);
    expect(instantAt("2026-06-10T23:30", MANAUS)?.toISOString()).toBe("2026-06-11T03:30:00.000Z");
    expect(instantAt("2026-06-11T01:30", NORONHA)?.toISOString()).toBe("2026-06-11T03:30:00.000Z");
  });

  it("keeps the same offset all year in Brazil's zones (no daylight saving since 2019)", () => {
    for (const at of ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z", "2026-11-15T12:00:00Z"]) {
      expect(offsetMs(new Date(at), SP)).toBe(-3 * 3600_000);
      expect(offsetMs(new Date(at), "America/Manaus")).toBe(-4 * 3600_000);
      expect(offsetMs(new Date(at), "America/Noronha")).toBe(-2 * 3600_000);
    }
  });

  it("has one default zone, São Paulo's, for what belongs to no municipality", () => {
    expect(DEFAULT_TIME_ZONE).toBe(SP);
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
  });

  it("turns a wall-clock time of a zone back into the instant", () => {
    expect(instantAt("2026-06-10T23:30", CG)?.toISOString()).toBe("2026-06-11T03:30:00.000Z");
    expect(instantAt("2026-06-10T23:30", SP)?.toISOString()).toBe("2026-06-11T02:30:00.000Z");
    expect(instantAt("2026-02-30T10:00", SP)).toBeNull();
    expect(instantAt("amanhã", SP)).toBeNull();
  });

  it("refuses an unknown zone instead of falling back to another municipality's day", () => {
    expect(() => civilDate(new Date(), "America/Atlantida")).toThrow(RangeError);
    expect(isTimeZone("America/Atlantida")).toBe(false);
    expect(isTimeZone(CG)).toBe(true);
  });

  it("takes a new municipality's zone from its UF", () => {
    expect(Object.keys(UF_TIME_ZONES)).toHaveLength(27);
    expect(timeZoneForUf("MS")).toBe(CG);
    expect(timeZoneForUf("mg")).toBe(SP);
    expect([
      timeZoneForUf("AC"),
      timeZoneForUf("AM"),
      timeZoneForUf("TO"),
      timeZoneForUf("BA"),
      timeZoneForUf("PE"),
    ]).toEqual(["America/Rio_Branco", "America/Manaus", "America/Araguaina", "America/Bahia", "America/Recife"]);
    expect(timeZoneForUf("XX")).toBeNull();
    for (const zone of [...Object.values(UF_TIME_ZONES), ...brazilianTimeZones()]) expect(isTimeZone(zone)).toBe(true);
  });
});

describe("verdict of a genuine credential: record and signed dates, the stricter wins", () => {
  const record = { status: "ACTIVE" as const, validFrom: "2026-01-01", validUntil: "2026-12-31" };
  it("is not yet valid before the signed vf, expired after the signed vu", () => {
    expect(judgeCredential(record, "2026-06-01", { validFrom: "2026-06-02", validUntil: "2026-12-31" })).toEqual({
      verdict: "INVALID",
      reason: "not_yet_valid",
    });
    expect(judgeCredential(record, "2026-06-01", { validFrom: "2026-01-01", validUntil: "2026-05-31" })).toEqual({
      verdict: "EXPIRED",
      reason: "expired",
    });
    expect(judgeCredential(record, "2026-06-01", { validFrom: "2026-01-01", validUntil: "2026-12-31" })).toEqual({
      verdict: "VALID",
      reason: null,
    });
  });
  it("still follows the record: its status and its own dates", () => {
    expect(
      judgeCredential({ ...record, validUntil: "2026-05-31" }, "2026-06-01", {
        validFrom: "2026-01-01",
        validUntil: "2026-12-31",
      }).verdict,
    ).toBe("EXPIRED");
    expect(judgeCredential({ ...record, status: "REVOKED" }, "2026-06-01", record).verdict).toBe("REVOKED");
    expect(judgeCredential({ ...record, status: "SUSPENDED" }, "2027-06-01", record).verdict).toBe("SUSPENDED");
  });
});
