// The credential search of the enforcement pages (models/staff-search.server.ts, ADR 063): what was
// typed is read first and goes to its own column. Its plans on a city-sized table:
// search-plans.test.ts.
import { describe, expect, it } from "vitest";
import { cpfWithCheckDigits } from "~/domain/br";
import { formatListCount, LIST_COUNT_CAP } from "~/domain/format";
import { searchCredentials } from "~/models/reports.server";
import { db } from "~/utils/db.server";
import { createCredentialRow, createMunicipality, createUser, credentialRowData } from "../../support/factories";

const credential = createCredentialRow;

describe("credential search", () => {
  it("finds credentials of the municipality by serial, holder name or plate, and filters by status", async () => {
    const m = await createMunicipality();
    const a = await credential(m, { holder: "Joana Mototaxista", plate: "PTC1A23" });
    const b = await credential(m, { holder: "Pedro Motoboy", plate: "QWE9Z87", status: "SUSPENDED" });
    const ids = async (q: string | null, status: string | null = null) =>
      (await searchCredentials(m.id, { q, status })).rows.map((r) => r.id);
    expect(await ids(a.serial.toLowerCase())).toEqual([a.id]);
    expect(await ids("Pedro")).toEqual([b.id]);
    expect(await ids("ptc-1a23")).toEqual([a.id]);
    expect(await ids(null, "SUSPENDED")).toEqual([b.id]);
    expect((await searchCredentials(m.id, {})).total).toBe(2);
  });

  it("reads what was typed first: a CPF, a typed code, a number, an old plate or a piece of a serial each find theirs", async () => {
    const m = await createMunicipality();
    const cpf = cpfWithCheckDigits(String(Date.now()).slice(-9));
    const person = await db.person.create({
      data: { userId: (await createUser()).id, fullName: "Maria Civil", cpf },
    });
    const a = await credential(m, { holder: "Maria Impressa", plate: "ABC-1234", personId: person.id });
    const b = await credential(m, { holder: "Outro Titular", plate: "ABC1D23" });
    const ids = async (q: string) => (await searchCredentials(m.id, { q })).rows.map((r) => r.id);
    expect(await ids(cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4"))).toEqual([a.id]);
    expect(await ids(`${b.serial}-K7QX`.toLowerCase())).toEqual([b.id]);
    expect((await ids(b.serial.slice(0, -2))).sort()).toEqual([a.id, b.id].sort());
    // An old plate is printed with its hyphen: found typed with or without it, whole or begun.
    expect(await ids("abc1234")).toEqual([a.id]);
    expect(await ids("ABC12")).toEqual([a.id]);
    expect((await ids("ABC1")).sort()).toEqual([a.id, b.id].sort());
    expect(await ids("abc1d")).toEqual([b.id]);
    // The name searched is the one printed on the credential.
    expect(await ids("maria impressa")).toEqual([a.id]);
    expect(await ids(cpf.slice(2, 8))).toEqual([a.id]);
    expect(await ids("ninguém com este nome")).toEqual([]);
  });
});

describe("the count of a long list", () => {
  it("is exact up to LIST_COUNT_CAP, then reads as 'mais de 10.000' with the pages that many rows fill", async () => {
    const m = await createMunicipality();
    const data = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        credentialRowData(m, { category: "MOTOBOY", holder: "Maria da Silva" }, from + i),
      );
    // 10,005 rows: deleted at the end, so no later file in this worker's database meets them.
    await db.credential.createMany({ data: data(1, LIST_COUNT_CAP) });
    const exact = await searchCredentials(m.id, { q: "silva" });
    expect(exact).toMatchObject({ total: LIST_COUNT_CAP, pages: LIST_COUNT_CAP / 25 });
    expect(formatListCount(exact.total)).toBe("10.000");

    await db.credential.createMany({ data: data(LIST_COUNT_CAP + 1, 5) });
    const capped = await searchCredentials(m.id, { q: "silva" }).finally(() =>
      db.credential.deleteMany({ where: { municipalityId: m.id } }),
    );
    expect(capped.total).toBe(LIST_COUNT_CAP + 1);
    expect(capped.pages).toBe(LIST_COUNT_CAP / 25);
    expect(formatListCount(capped.total)).toBe("mais de 10.000");
    expect(formatListCount(1)).toBe("1");
  });
});
