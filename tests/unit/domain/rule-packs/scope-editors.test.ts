// Whom the draft's entries reach, in forms (issue #30's editor): the vagas each service has, what the
// driver must do in service, and the documents' modes, the situation a document is asked in and how
// many copies of it. The rules gathered in one form are in rule-scope-editor.test.ts.
import { describe, expect, it } from "vitest";
import {
  type Doc,
  itauna,
  jardim,
  lavras,
  newTown,
  patrocinio,
  PATROCINIO_UNITS,
  typedAll,
  typedAt,
  typedFor,
  typedNew,
  view,
  write,
  writeCited,
  written,
} from "./list-forms";

const AUTONOMO = "Autônomo / permissionário";
const listOf = (doc: Doc, name: string) => doc[name] as Doc[];
const PAT = JSON.parse(patrocinio);
const LAV = JSON.parse(lavras);

describe("vagas: inhabitants per unit", () => {
  it("reads each of Patrocínio's quotas by its place, though all share one id, and Jardim's numbers", () => {
    const quotas = view("vagas", patrocinio).entries;
    expect(quotas.map((q) => [q.index, q.key, q.title, q.values.habitantes])).toEqual([
      [0, "quota_permissions", `Vagas de permissões: Mototáxi — ${AUTONOMO}`, "2000"],
      [1, "quota_permissions", `Vagas de permissões: Motoboy — ${AUTONOMO}`, ""],
      [2, "quota_permissions", `Vagas de permissões: Moto-frete — ${AUTONOMO}`, ""],
    ]);
    expect(view("vagas", jardim).entries.map((q) => q.values)).toEqual([{ habitantes: "2500" }, { habitantes: "250" }]);
    expect(view("vagas", patrocinio).create).toBeNull();
  });

  it("titles Jardim's concessions and vehicles by their unit, and an unknown unit in lower case", () => {
    expect(view("vagas", jardim).entries.map((q) => q.title)).toEqual([
      "Vagas de concessões: Mototáxi — Empresa (operadora)",
      "Vagas de veículos: Mototáxi — Vinculado a uma empresa",
    ]);
    const doc = JSON.parse(jardim);
    doc.quotas[1].unit = "ALVARA";
    expect(view("vagas", JSON.stringify(doc)).entries[1].title).toBe(
      "Vagas de alvara: Mototáxi — Vinculado a uma empresa",
    );
  });

  it("writes the quota at its place only: a number with a thousands dot, and null when blank", () => {
    const result = written("vagas", patrocinio, {
      ...typedAt("vagas", patrocinio, 0, { habitantes: "" }),
      ...typedAt("vagas", patrocinio, 1, { habitantes: "2.000" }),
      ...typedAt("vagas", patrocinio, 2),
    });
    expect(result.changed).toBe(2);
    const quotas = listOf(result.doc, "quotas");
    expect(quotas).toEqual([
      { ...PAT.quotas[0], inhabitantsPerUnit: null },
      { ...PAT.quotas[1], inhabitantsPerUnit: 2000 },
      PAT.quotas[2],
    ]);
    expect(Object.keys(quotas[1])).toEqual(Object.keys(PAT.quotas[1]));
  });

  it("changes nothing when nothing was changed, and refuses what is not a positive whole number", () => {
    for (const text of [patrocinio, jardim, newTown])
      expect(written("vagas", text, typedAll("vagas", text))).toMatchObject({ changed: 0, doc: JSON.parse(text) });
    const message = "informe os habitantes por vaga, um número inteiro maior que zero, ou deixe em branco.";
    for (const habitantes of ["0", "-3", "2,5", "dois mil"])
      expect(write("vagas", jardim, typedAt("vagas", jardim, 1, { habitantes }))).toEqual({
        ok: false,
        errors: { "vagas.1.habitantes": `quota_vehicles: ${message}` },
      });
  });
});

describe("conduta: what the law requires in service", () => {
  it("reads an entry without appliesTo as reaching every mode the draft offers", () => {
    const conduct = view("conduta", patrocinio);
    expect(conduct.fields.map((f) => f.name)).toEqual(["nome", "modo_AUTONOMO", "modo_PREPOSTO"]);
    expect(conduct.entries[0].values).toEqual({
      nome: PAT.serviceRequirements[0].label,
      modo_AUTONOMO: "1",
      modo_PREPOSTO: "1",
    });
    expect(conduct.entries[4].values).toMatchObject({ modo_AUTONOMO: "1", modo_PREPOSTO: "" });
    expect(conduct.create!.values).toEqual({ nome: "", modo_AUTONOMO: "1", modo_PREPOSTO: "1" });
  });

  it("keeps an entry without appliesTo so with every box ticked, and gives it one when a box is unticked", () => {
    const all = written("conduta", patrocinio, typedAll("conduta", patrocinio));
    expect(all).toMatchObject({ changed: 0, doc: PAT });
    const result = written("conduta", patrocinio, {
      ...typedAt("conduta", patrocinio, 0, { modo_PREPOSTO: "" }),
      ...typedAt("conduta", patrocinio, 1, { nome: "Uniforme padronizado" }),
      ...typedAt("conduta", patrocinio, 4, { modo_PREPOSTO: "1" }),
    });
    expect(result.changed).toBe(3);
    const [colete, uniforme, , , seguro] = listOf(result.doc, "serviceRequirements");
    expect(colete).toEqual({ ...PAT.serviceRequirements[0], appliesTo: { modes: ["AUTONOMO"] } });
    expect(uniforme).toEqual({ ...PAT.serviceRequirements[1], label: "Uniforme padronizado" });
    expect(uniforme).not.toHaveProperty("appliesTo");
    expect(seguro).toEqual({
      ...PAT.serviceRequirements[4],
      appliesTo: { modes: ["AUTONOMO", "PREPOSTO"], categories: ["MOTOTAXI"] },
    });
    expect(Object.keys(seguro)).toEqual(Object.keys(PAT.serviceRequirements[4]));
  });

  it("names a blank requirement and one reaching no mode, and writes nothing", () => {
    expect(
      write("conduta", patrocinio, {
        ...typedAt("conduta", patrocinio, 2, { nome: "" }),
        ...typedAt("conduta", patrocinio, 3, { modo_AUTONOMO: "", modo_PREPOSTO: "" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "conduta.2.nome": "PORTE_CRACHA: escreva o que a lei exige em serviço.",
        "conduta.3.modo_AUTONOMO": "UM_PASSAGEIRO: marque ao menos um modo a que se aplica.",
      },
    });
  });

  it("adds a requirement, cited, without appliesTo when it reaches every mode", () => {
    const add = (typed: Record<string, string>) =>
      writeCited("conduta", patrocinio, typedNew("conduta", patrocinio, typed), PATROCINIO_UNITS);
    const citation = "Lei 4.883/2017, art. 5º, IV";
    const every = add({ nome: "Usar colete refletivo", citacao: citation });
    if (!every.ok) throw new Error(JSON.stringify(every.errors));
    expect(every.changed).toBe(1);
    expect(listOf(every.doc, "serviceRequirements").at(-1)).toEqual({
      code: "USAR_COLETE_REFLETIVO",
      citation,
      label: "Usar colete refletivo",
    });
    const one = add({ nome: "Usar colete refletivo", citacao: citation, modo_PREPOSTO: "" });
    if (!one.ok) throw new Error(JSON.stringify(one.errors));
    expect(listOf(one.doc, "serviceRequirements").at(-1)).toMatchObject({ appliesTo: { modes: ["AUTONOMO"] } });
    expect(add({ nome: "Uniforme", citacao: citation })).toEqual({
      ok: false,
      errors: { "conduta.novo.nome": "Novo: já existe um com o código UNIFORME: mude o nome ou edite o que existe." },
    });
  });
});

describe("documentos: modes, when each is asked and how many copies", () => {
  const docOf = (doc: Doc, type: string) => listOf(doc, "documents").find((d) => d.type === type)!;
  const LAUDO = LAV.documents.find((d: Doc) => d.type === "LAUDO_ENGENHEIRO_MECANICO");

  it("reads the situation a document is asked in and its copies", () => {
    const documents = view("documentos", lavras);
    const quando = documents.fields.find((f) => f.name === "quando")!;
    expect(quando.placeholder).toBe("Sempre");
    expect(quando.options!.map((o) => o.value)).toEqual(["VEHICLE_OVER_MAX_AGE", "VEHICLE_LEASED"]);
    expect(typedFor("documentos", lavras, "LAUDO_ENGENHEIRO_MECANICO")).toMatchObject({
      "documentos.29.quando": "VEHICLE_OVER_MAX_AGE",
      "documentos.29.copias": "",
    });
    expect(view("documentos", patrocinio).entries.find((e) => e.key === "FOTO_3X4")!.values.copias).toBe("2");
  });

  it("changes nothing when nothing was changed", () => {
    for (const text of [lavras, itauna, patrocinio, jardim, newTown])
      expect(written("documentos", text, typedAll("documentos", text))).toMatchObject({
        changed: 0,
        doc: JSON.parse(text),
      });
  });

  it("writes the situation and the copies: blank or 1 is no quantity, 2 to 20 are kept", () => {
    const result = written("documentos", lavras, {
      ...typedFor("documentos", lavras, "LAUDO_ENGENHEIRO_MECANICO", { quando: "", modo_PREPOSTO: "1" }),
      ...typedFor("documentos", lavras, "CONTRATO_LOCACAO", { copias: "20" }),
      ...typedFor("documentos", lavras, "CRLV", { quando: "VEHICLE_LEASED", copias: "1" }),
    });
    expect(result.changed).toBe(3);
    const { condition: _, ...laudo } = LAUDO;
    expect(docOf(result.doc, "LAUDO_ENGENHEIRO_MECANICO")).toEqual({
      ...laudo,
      appliesTo: { modes: ["VINCULADO", "PREPOSTO"] },
    });
    expect(docOf(result.doc, "CONTRATO_LOCACAO")).toMatchObject({ condition: "VEHICLE_LEASED", quantity: 20 });
    const crlv = docOf(result.doc, "CRLV");
    expect(crlv.condition).toBe("VEHICLE_LEASED");
    expect(crlv).not.toHaveProperty("quantity");
    const photo = written("documentos", patrocinio, typedFor("documentos", patrocinio, "FOTO_3X4", { copias: "" }));
    expect(docOf(photo.doc, "FOTO_3X4")).not.toHaveProperty("quantity");
    const cnh = written("documentos", newTown, typedFor("documentos", newTown, "CNH", { copias: "2" }));
    expect(docOf(cnh.doc, "CNH")).toEqual({ ...docOf(JSON.parse(newTown), "CNH"), quantity: 2 });
  });

  it("keeps the copies and the situation in their places, drops them when blank or 1, and adds them last", () => {
    const FOTO = PAT.documents[14];
    const three = written("documentos", patrocinio, typedFor("documentos", patrocinio, "FOTO_3X4", { copias: "3" }));
    expect(three.changed).toBe(1);
    expect(listOf(three.doc, "documents")[14]).toEqual({ ...FOTO, quantity: 3 });
    expect(Object.keys(listOf(three.doc, "documents")[14])).toEqual(Object.keys(FOTO));
    expect(listOf(three.doc, "documents")[15]).toEqual(PAT.documents[15]);
    // One copy with a situation chosen: the quantity goes, the situation comes last.
    const one = written(
      "documentos",
      patrocinio,
      typedFor("documentos", patrocinio, "FOTO_3X4", { copias: "1", quando: "VEHICLE_LEASED" }),
    );
    const { quantity: _, ...single } = FOTO;
    const leased = listOf(one.doc, "documents")[14];
    expect(leased).toEqual({ ...single, condition: "VEHICLE_LEASED" });
    expect(Object.keys(leased)).toEqual([...Object.keys(single), "condition"]);
    // A document with both, the situation before the citation: each kept where it was, or dropped.
    const doc = structuredClone(LAV);
    const { type, label, citation, appliesTo, validity } = docOf(doc, "CONTRATO_LOCACAO");
    doc.documents[30] = { type, label, condition: "VEHICLE_LEASED", quantity: 3, citation, appliesTo, validity };
    const text = JSON.stringify(doc);
    const kept = written(
      "documentos",
      text,
      typedFor("documentos", text, "CONTRATO_LOCACAO", { quando: "VEHICLE_OVER_MAX_AGE", copias: "2" }),
    );
    expect(kept.changed).toBe(1);
    expect(Object.entries(docOf(kept.doc, "CONTRATO_LOCACAO"))).toEqual(
      Object.entries({ ...doc.documents[30], condition: "VEHICLE_OVER_MAX_AGE", quantity: 2 }),
    );
    const { quantity: __, ...withoutQuantity } = doc.documents[30];
    for (const copias of ["1", ""]) {
      const dropped = written("documentos", text, typedFor("documentos", text, "CONTRATO_LOCACAO", { copias }));
      expect(dropped.changed).toBe(1);
      expect(Object.entries(docOf(dropped.doc, "CONTRATO_LOCACAO"))).toEqual(Object.entries(withoutQuantity));
    }
    const always = written("documentos", text, typedFor("documentos", text, "CONTRATO_LOCACAO", { quando: "" }));
    const { condition: ___, ...withoutCondition } = doc.documents[30];
    expect(Object.entries(docOf(always.doc, "CONTRATO_LOCACAO"))).toEqual(Object.entries(withoutCondition));
  });

  it("refuses copies out of 1 to 20, an unknown situation and a document reaching no mode", () => {
    const message = "CNH: informe quantas vias, um número inteiro de 1 a 20, ou deixe em branco.";
    for (const copias of ["0", "21", "1,5", "duas"])
      expect(write("documentos", newTown, typedFor("documentos", newTown, "CNH", { copias }))).toEqual({
        ok: false,
        errors: { "documentos.0.copias": message },
      });
    expect(
      write("documentos", newTown, typedFor("documentos", newTown, "CNH", { quando: "SEMPRE", modo_AUTONOMO: "" })),
    ).toEqual({
      ok: false,
      errors: {
        "documentos.0.quando": "CNH: escolha quando é pedido.",
        "documentos.0.modo_AUTONOMO": "CNH: marque ao menos um modo a que se aplica.",
      },
    });
  });
});
