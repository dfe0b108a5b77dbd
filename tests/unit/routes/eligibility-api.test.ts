import { describe, expect, it } from "vitest";
import { action } from "~/routes/api.v1.eligibility";
import { db } from "~/utils/db.server";

const PATROCINIO = "3148103";
let ip = 0;

async function post(body: unknown, raw?: string) {
  const request = new Request("http://localhost/api/v1/eligibility", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: raw ?? JSON.stringify(body),
  });
  const response = (await action({
    request,
    params: {},
    context: { clientIp: `10.2.0.${ip++}`, requestId: "t" },
  })) as Response;
  return { status: response.status, json: await response.json() };
}

describe("POST /api/v1/eligibility", () => {
  it("returns the checklist of the municipality's pack, exactly in api.md's shape", async () => {
    if (!(await db.municipality.findUnique({ where: { ibgeCode: PATROCINIO } }))) {
      await db.municipality.create({
        data: {
          ibgeCode: PATROCINIO,
          name: "Patrocínio",
          uf: "MG",
          slug: `patrocinio-${Date.now()}`,
          population: 89826,
          fiscalUnitName: "UFM",
          rulePackId: "patrocinio-mg",
          serialPrefix: `P${Date.now() % 10000}`,
        },
      });
    }
    const { status, json } = await post({
      municipality: PATROCINIO,
      category: "MOTOTAXI",
      mode: "AUTONOMO",
      date: "2026-11-29",
      person: { birthDate: "2005-11-30", cnhCategory: "A", cnhFirstLicenseDate: "2020-01-01" },
      vehicle: { displacementCc: 124 },
    });
    expect(status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(["checks", "eligible", "pack", "requiredDocuments"]);
    expect(json.eligible).toBe(false);
    expect(json.pack).toMatchObject({ id: "patrocinio-mg", law: "Lei 4.883/2017" });
    const byId = Object.fromEntries(json.checks.map((c: { id: string }) => [c.id, c]));
    // 21 years minus one day.
    expect(byId.min_age).toMatchObject({ status: "FAIL", citation: "Lei 4.883/2017, art. 5º, I" });
    expect(byId.vehicle_min_displacement).toMatchObject({ status: "FAIL" });
    // A fact not given is PENDING, never PASS.
    expect(byId.vehicle_age.status).toBe("PENDING");
    expect(json.requiredDocuments).toContainEqual(
      expect.objectContaining({ type: "ATESTADO_MEDICO", validity: "P1Y" }),
    );
    expect(Object.keys(json.requiredDocuments[0]).sort()).toEqual(["citation", "type", "validity"]);
  });

  it("refuses bad input with a 400 and a stable code", async () => {
    const base = {
      municipality: PATROCINIO,
      category: "MOTOTAXI",
      mode: "AUTONOMO",
      date: "2026-11-29",
      person: {},
      vehicle: {},
    };
    expect((await post({ ...base, municipality: "9999999" })).json.error.code).toBe("unknown_municipality");
    expect((await post({ ...base, category: "HELICOPTERO" })).json.error.code).toBe("unknown_category");
    expect((await post({ ...base, mode: "OUTRO" })).json.error.code).toBe("unknown_mode");
    expect((await post({ ...base, extra: 1 })).json.error.code).toBe("unknown_field");
    expect((await post({ ...base, date: "2026-02-30" })).json.error.code).toBe("invalid_date");
    expect((await post({ ...base, vehicle: { plate: "12ABC34" } })).json.error.code).toBe("invalid_plate");
    const malformed = await post(null, "{not json");
    expect(malformed).toEqual({
      status: 400,
      json: { error: { code: "malformed_json", message: expect.any(String) } },
    });
    for (const r of [await post({ ...base, municipality: "9999999" })]) expect(r.status).toBe(400);
  });
});
