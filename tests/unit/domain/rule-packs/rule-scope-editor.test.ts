// The draft's rules in one form (issue #30's editor): the person's, the vehicle's and the company's
// rules gathered, each with a box per mode and the choice its kind has — which CNH, from when a
// vehicle's age counts, its registration category, what else it may not serve, a leased vehicle
// licensed elsewhere, where a company keeps its office, whose name it may be in, which permissions
// a driver may not hold — each written back to its own list, in its keys' order, with no tag.
import { describe, expect, it } from "vitest";
import {
  type Doc,
  itauna,
  jardim,
  lavras,
  newTown,
  patrocinio,
  typedAll,
  typedAt,
  view,
  write,
  written,
} from "./list-forms";

const listOf = (doc: Doc, name: string) => doc[name] as Doc[];
const PAT = JSON.parse(patrocinio);
const LAV = JSON.parse(lavras);
const ITA = JSON.parse(itauna);
const JAR = JSON.parse(jardim);
/** An entry's values without its mode boxes: the choice its kind has, if any. */
const own = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !k.startsWith("modo_")));
/** The ownership ticks, these ticked. */
const owners = (...on: string[]) =>
  Object.fromEntries(
    ["HOLDER", "OTHER_PERSON", "OPERATOR", "OTHER_COMPANY"].map((o) => [`dono_${o}`, on.includes(o) ? "1" : ""]),
  );
/** The draft written from one rule's fields as the form sends them, with these changes. */
const after = (text: string, index: number, change: Record<string, string>) =>
  written("regras", text, typedAt("regras", text, index, change));

describe("regras: the person's, the vehicle's and the company's rules in one form", () => {
  it("gathers the three lists, and draws the office only for the rule on the company's office", () => {
    const rules = view("regras", lavras);
    expect(rules.entries).toHaveLength(6 + 5 + 3);
    const office = rules.entries[11];
    expect(office).toMatchObject({
      key: "operator_head_office",
      title: "Sede da empresa no município (Empresa (operadora))",
    });
    expect(office.values).toEqual({ sede: "filial", modo_VINCULADO: "", modo_PREPOSTO: "", modo_OPERADORA: "1" });
    expect(rules.entries.filter((e) => "sede" in e.values).map((e) => e.index)).toEqual([11]);
    expect(view("regras", itauna).entries[15].values.sede).toBe("sede");
  });

  it("writes each rule back to its own list, with orBranch as chosen, and no tag", () => {
    const result = written("regras", lavras, {
      ...typedAt("regras", lavras, 0, { modo_PREPOSTO: "1" }),
      ...typedAt("regras", lavras, 6),
      ...typedAt("regras", lavras, 11, { sede: "sede" }),
    });
    expect(result.changed).toBe(2);
    expect(listOf(result.doc, "personRules")).toEqual([
      { ...LAV.personRules[0], appliesTo: { modes: ["VINCULADO", "PREPOSTO"] } },
      ...LAV.personRules.slice(1),
    ]);
    expect(listOf(result.doc, "vehicleRules")).toEqual(LAV.vehicleRules);
    const operator = listOf(result.doc, "operatorRules");
    expect(operator).toEqual([{ ...LAV.operatorRules[0], orBranch: false }, ...LAV.operatorRules.slice(1)]);
    expect(Object.keys(operator[0])).toEqual(Object.keys(LAV.operatorRules[0]));
    expect(Object.keys(result.doc)).toEqual(Object.keys(LAV));
    expect(JSON.stringify(result.doc)).not.toContain("_lista");
    const itaResult = written("regras", itauna, typedAt("regras", itauna, 15, { sede: "filial" }));
    expect(listOf(itaResult.doc, "operatorRules")[0].orBranch).toBe(true);
  });

  it("changes nothing when nothing was changed, and adds no list the text does not have", () => {
    expect(PAT).not.toHaveProperty("operatorRules");
    for (const text of [lavras, itauna, patrocinio, jardim, newTown])
      expect(written("regras", text, typedAll("regras", text))).toMatchObject({ changed: 0, doc: JSON.parse(text) });
    const result = written("regras", patrocinio, typedAt("regras", patrocinio, 8, { modo_PREPOSTO: "1" }));
    expect(listOf(result.doc, "vehicleRules")[0].appliesTo).toEqual({ modes: ["AUTONOMO", "PREPOSTO"] });
    expect(result.doc).not.toHaveProperty("operatorRules");
  });

  it("keeps a mode no service offers now", () => {
    const doc = JSON.parse(newTown);
    doc.personRules[0].appliesTo = { modes: ["VINCULADO", "AUTONOMO"] };
    const text = JSON.stringify(doc);
    expect(view("regras", text).entries[0].values).toEqual({ modo_AUTONOMO: "1" });
    expect(written("regras", text, typedAt("regras", text, 0))).toMatchObject({ changed: 0, doc });
  });

  it("names a wrong office and a rule reaching no mode, and writes nothing", () => {
    expect(
      write("regras", lavras, {
        ...typedAt("regras", lavras, 5, { modo_PREPOSTO: "" }),
        ...typedAt("regras", lavras, 11, { sede: "galpao" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "regras.5.modo_VINCULADO": "residence: marque ao menos um modo a que se aplica.",
        "regras.11.sede": "operator_head_office: escolha uma das opções.",
      },
    });
  });
});

describe("regras: the choice each kind has", () => {
  const permissions = (...on: string[]) =>
    Object.fromEntries(
      ["TAXI", "TRANSPORTE_ESCOLAR", "TRANSPORTE_COLETIVO", "MOTOTAXI", "MOTOBOY", "MOTOFRETE", "APLICATIVO"].map(
        (p) => [`permissao_${p}`, on.includes(p) ? "1" : ""],
      ),
    );

  it("offers each kind's options, and draws a rule's choice only for its kind", () => {
    const rules = view("regras", lavras);
    const optionsOf = (name: string) => rules.fields.find((f) => f.name === name)!.options!.map((o) => o.value);
    expect(optionsOf("cnh")).toEqual(["A", "B"]);
    expect(optionsOf("base")).toEqual(["MANUFACTURE_YEAR", "FIRST_REGISTRATION"]);
    expect(optionsOf("registro")).toEqual(["PARTICULAR", "ALUGUEL", "OFICIAL", "APRENDIZAGEM", "DIPLOMATICO"]);
    expect(optionsOf("exclusivo")).toEqual(["PASSENGERS", "CARGO"]);
    expect(optionsOf("locado")).toEqual(["sim", "nao"]);
    expect(rules.entries[10].values).toEqual({
      ...owners("HOLDER", "OTHER_PERSON"),
      modo_VINCULADO: "1",
      modo_PREPOSTO: "",
      modo_OPERADORA: "",
    });
    const B = { cnh: "B" };
    expect(rules.entries.map((e) => own(e.values))).toEqual([
      ...[B, B, {}, {}, {}, {}],
      ...[{ base: "MANUFACTURE_YEAR" }, {}, { locado: "sim" }, {}, owners("HOLDER", "OTHER_PERSON")],
      ...[{ sede: "filial" }, {}, {}],
    ]);
    const A = { cnh: "A" };
    expect(view("regras", itauna).entries.map((e) => own(e.values))).toEqual([
      ...[{}, {}, A, A, {}, {}, {}, {}, {}],
      ...[
        { base: "FIRST_REGISTRATION" },
        {},
        { registro: "ALUGUEL" },
        {},
        { exclusivo: "PASSENGERS" },
        owners("OPERATOR"),
      ],
      ...[{ sede: "sede" }, {}],
    ]);
    expect(view("regras", patrocinio).entries.map((e) => own(e.values))).toEqual([
      ...[{}, {}, A, A, {}, {}, permissions("TAXI", "TRANSPORTE_ESCOLAR", "TRANSPORTE_COLETIVO"), {}],
      ...[{}, {}, { base: "MANUFACTURE_YEAR" }, { registro: "ALUGUEL" }, { locado: "nao" }, owners("HOLDER")],
      ...[{ exclusivo: "CARGO" }, { exclusivo: "PASSENGERS" }],
    ]);
    // Jardim's "A (motociclista)" is the set of A.
    expect(view("regras", jardim).entries.map((e) => own(e.values))).toEqual([
      ...[A, {}, {}, { base: "FIRST_REGISTRATION" }, {}, {}, {}],
    ]);
  });

  it("writes the CNH's set with its words, and keeps the law's words when the set is the one it has", () => {
    const result = after(lavras, 0, { cnh: "A" });
    expect(result.changed).toBe(1);
    const [first, ...rest] = listOf(result.doc, "personRules");
    expect(first).toEqual({ ...LAV.personRules[0], anyOf: ["A", "AB", "AC", "AD", "AE"], label: "A" });
    expect(Object.keys(first)).toEqual(Object.keys(LAV.personRules[0]));
    expect(rest).toEqual(LAV.personRules.slice(1));
    expect(after(jardim, 0, { cnh: "A" })).toMatchObject({ changed: 0, doc: JAR });
    const B = ["B", "C", "D", "E", "AB", "AC", "AD", "AE"];
    const jarB = after(jardim, 0, { cnh: "B" });
    expect(jarB.changed).toBe(1);
    expect(listOf(jarB.doc, "personRules")[0]).toEqual({ ...JAR.personRules[0], anyOf: B, label: "B ou superior" });
    const reordered = structuredClone(JAR);
    reordered.personRules[0].anyOf = ["AE", "AD", "AC", "AB", "A"];
    const text = JSON.stringify(reordered);
    expect(after(text, 0, { cnh: "A" })).toMatchObject({ changed: 0, doc: reordered });
  });

  it("writes the age's basis, the registration category, what the vehicle may not serve and a leased one", () => {
    const lav = written("regras", lavras, {
      ...typedAt("regras", lavras, 6, { base: "FIRST_REGISTRATION" }),
      ...typedAt("regras", lavras, 8, { locado: "nao" }),
    });
    expect(lav.changed).toBe(2);
    const [age, doors, licensing, ...others] = listOf(lav.doc, "vehicleRules");
    expect(age).toEqual({ ...LAV.vehicleRules[0], basis: "FIRST_REGISTRATION" });
    expect(age.olderAllowedWith).toEqual({ document: "LAUDO_ENGENHEIRO_MECANICO" });
    expect(Object.keys(age)).toEqual(Object.keys(LAV.vehicleRules[0]));
    expect(licensing).toEqual({ ...LAV.vehicleRules[2], exceptLeased: false });
    expect(Object.keys(licensing)).toEqual(Object.keys(LAV.vehicleRules[2]));
    expect([doors, ...others]).toEqual([LAV.vehicleRules[1], ...LAV.vehicleRules.slice(3)]);
    const ita = written("regras", itauna, {
      ...typedAt("regras", itauna, 11, { registro: "PARTICULAR" }),
      ...typedAt("regras", itauna, 13, { exclusivo: "CARGO" }),
    });
    expect(ita.changed).toBe(2);
    const v = ITA.vehicleRules;
    expect(listOf(ita.doc, "vehicleRules")).toEqual([
      ...[v[0], v[1], { ...v[2], category: "PARTICULAR" }, v[3], { ...v[4], forbids: "CARGO" }, v[5]],
    ]);
    expect(listOf(after(patrocinio, 12, { locado: "sim" }).doc, "vehicleRules")[4]).toEqual({
      ...PAT.vehicleRules[4],
      exceptLeased: true,
    });
    expect(JSON.stringify([lav.doc, ita.doc])).not.toContain("_lista");
  });

  it("writes whose name the vehicle may be in and the permissions a driver may not hold, as ticked", () => {
    const lav = after(lavras, 10, owners("HOLDER", "OPERATOR"));
    expect(lav.changed).toBe(1);
    const ownership = listOf(lav.doc, "vehicleRules")[4];
    expect(ownership).toEqual({ ...LAV.vehicleRules[4], allowed: ["HOLDER", "OPERATOR"] });
    expect(ownership.allowedWhenLeased).toEqual(["OPERATOR", "OTHER_COMPANY"]);
    expect(Object.keys(ownership)).toEqual(Object.keys(LAV.vehicleRules[4]));
    const ita = after(itauna, 14, owners("OPERATOR", "OTHER_COMPANY"));
    expect(listOf(ita.doc, "vehicleRules")[5]).toEqual({
      ...ITA.vehicleRules[5],
      allowed: ["OPERATOR", "OTHER_COMPANY"],
    });
    const pat = after(patrocinio, 6, permissions("TRANSPORTE_ESCOLAR", "TRANSPORTE_COLETIVO", "APLICATIVO"));
    expect(pat.changed).toBe(1);
    expect(listOf(pat.doc, "personRules")).toEqual([
      ...PAT.personRules.slice(0, 6),
      { ...PAT.personRules[6], permissions: ["TRANSPORTE_ESCOLAR", "TRANSPORTE_COLETIVO", "APLICATIVO"] },
      PAT.personRules[7],
    ]);
    expect(JSON.stringify([lav.doc, ita.doc, pat.doc])).not.toContain("_lista");
  });

  it("leaves ticks that hold the same set in another order as they are", () => {
    const lav = structuredClone(LAV);
    lav.vehicleRules[4].allowed = ["OTHER_PERSON", "HOLDER"];
    const pat = structuredClone(PAT);
    pat.personRules[6].permissions = ["TRANSPORTE_COLETIVO", "TAXI", "TRANSPORTE_ESCOLAR"];
    for (const doc of [lav, pat]) {
      const text = JSON.stringify(doc);
      expect(written("regras", text, typedAll("regras", text))).toMatchObject({ changed: 0, doc });
    }
  });

  it("leaves a rule as it is when its choice is blank, and a choice of another kind does not touch it", () => {
    const blank = written("regras", lavras, {
      ...typedAt("regras", lavras, 0, { cnh: "" }),
      ...typedAt("regras", lavras, 6, { base: "", cnh: "A" }),
      ...typedAt("regras", lavras, 8, { locado: "" }),
      ...typedAt("regras", lavras, 11, { sede: "" }),
      ...typedAt("regras", lavras, 2, { cnh: "A", locado: "nao" }),
    });
    expect(blank).toMatchObject({ changed: 0, doc: LAV });
    expect(after(itauna, 11, { registro: "", exclusivo: "CARGO" })).toMatchObject({ changed: 0, doc: ITA });
  });

  it("refuses a value not among the options and ticks left empty, and writes nothing", () => {
    expect(
      write("regras", lavras, {
        ...typedAt("regras", lavras, 0, { cnh: "C" }),
        ...typedAt("regras", lavras, 6, { base: "PURCHASE" }),
        ...typedAt("regras", lavras, 8, { locado: "talvez" }),
        ...typedAt("regras", lavras, 10, owners()),
        ...typedAt("regras", lavras, 11, { sede: "sede" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "regras.0.cnh": "cnh_category: escolha uma das opções.",
        "regras.6.base": "vehicle_age: escolha uma das opções.",
        "regras.8.locado": "vehicle_licensing_municipality: escolha uma das opções.",
        "regras.10.dono_HOLDER": "vehicle_ownership: marque ao menos uma opção.",
      },
    });
    expect(
      write("regras", itauna, {
        ...typedAt("regras", itauna, 11, { registro: "VERDE" }),
        ...typedAt("regras", itauna, 13, { exclusivo: "ANIMAIS" }),
        ...typedAt("regras", itauna, 14, { ...owners(), modo_VINCULADO: "" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "regras.11.registro": "vehicle_registration_category: escolha uma das opções.",
        "regras.13.exclusivo": "vehicle_service_exclusivity: escolha uma das opções.",
        "regras.14.dono_HOLDER": "vehicle_ownership: marque ao menos uma opção.",
        "regras.14.modo_AUTONOMO": "vehicle_ownership: marque ao menos um modo a que se aplica.",
      },
    });
    expect(write("regras", patrocinio, typedAt("regras", patrocinio, 6, permissions()))).toEqual({
      ok: false,
      errors: { "regras.6.permissao_TAXI": "incompatible_permissions: marque ao menos uma opção." },
    });
  });
});
