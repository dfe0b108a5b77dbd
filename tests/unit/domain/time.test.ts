import { describe, expect, it } from "vitest";
import {
  brazilianTimeZones,
  civilDate,
  instantAt,
  isTimeZone,
  localDateTime,
  timeZoneForUf,
  today,
  UF_TIME_ZONES,
} from "~/domain/time";
import { judgeCredential } from "~/domain/credentials/status";

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
