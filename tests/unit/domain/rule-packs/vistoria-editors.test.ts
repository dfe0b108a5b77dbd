// The vistorias in forms (issue #30's editor): each vistoria's period and modes, and its items as one
// list gathered from every vistoria — an edit goes back to the vistoria the item came from, a new
// item to the vistoria chosen, and the tags that say where an item came from are never written.
import { describe, expect, it } from "vitest";
import {
  type Doc,
  itauna,
  NEW_TOWN_UNITS,
  newTown,
  patrocinio,
  PATROCINIO_UNITS,
  typedAll,
  typedAt,
  typedNew,
  view,
  write,
  writeCited,
  written,
} from "./list-forms";

const vistoriasOf = (doc: Doc) => doc.vistorias as (Doc & { items: Doc[] })[];
const before = vistoriasOf(JSON.parse(patrocinio));
const AUTONOMO = "Autônomo / permissionário";

describe("vistorias: period and modes", () => {
  it("reads each of Patrocínio's vistorias with its scope, its period and a box per mode", () => {
    const vistorias = view("vistorias", patrocinio);
    expect(vistorias.fields.map((f) => f.name)).toEqual(["prazo", "unidade", "modo_AUTONOMO", "modo_PREPOSTO"]);
    expect(vistorias.fields[1].options!.map((o) => o.value)).toEqual(["D", "M", "Y"]);
    expect(vistorias.entries.map((e) => [e.index, e.key, e.title])).toEqual([
      [0, "vistoria", `Vistoria de Mototáxi — ${AUTONOMO}`],
      [1, "vistoria", `Vistoria de Motoboy — ${AUTONOMO}`],
      [2, "vistoria", `Vistoria de Moto-frete — ${AUTONOMO}`],
    ]);
    expect(vistorias.entries.map((e) => e.values)).toEqual([
      { prazo: "6", unidade: "M", modo_AUTONOMO: "1", modo_PREPOSTO: "" },
      { prazo: "6", unidade: "M", modo_AUTONOMO: "1", modo_PREPOSTO: "" },
      { prazo: "1", unidade: "Y", modo_AUTONOMO: "1", modo_PREPOSTO: "" },
    ]);
    expect(vistorias.create).toBeNull();
  });

  it("writes the second vistoria's period and modes only, keeping its categories and its keys' order", () => {
    const result = written("vistorias", patrocinio, {
      ...typedAt("vistorias", patrocinio, 0),
      ...typedAt("vistorias", patrocinio, 1, { prazo: "1", unidade: "Y", modo_PREPOSTO: "1" }),
      ...typedAt("vistorias", patrocinio, 2),
    });
    expect(result.changed).toBe(1);
    const [first, second, third] = vistoriasOf(result.doc);
    expect(second).toEqual({
      ...before[1],
      period: "P1Y",
      appliesTo: { modes: ["AUTONOMO", "PREPOSTO"], categories: ["MOTOBOY"] },
    });
    expect(Object.keys(second)).toEqual(Object.keys(before[1]));
    expect(Object.keys(second.appliesTo as Doc)).toEqual(["modes", "categories"]);
    expect([first, third]).toEqual([before[0], before[2]]);
  });

  it("changes nothing when nothing was changed", () => {
    for (const text of [patrocinio, itauna, newTown]) {
      const result = written("vistorias", text, typedAll("vistorias", text));
      expect(result.changed).toBe(0);
      expect(result.doc).toEqual(JSON.parse(text));
    }
  });

  it("reads and writes a period in days: P180D round-trips unchanged, and 90 days is P90D", () => {
    const doc = JSON.parse(patrocinio);
    doc.vistorias[1].period = "P180D";
    const text = JSON.stringify(doc);
    expect(view("vistorias", text).entries[1].values).toMatchObject({ prazo: "180", unidade: "D" });
    expect(written("vistorias", text, typedAll("vistorias", text))).toMatchObject({ changed: 0, doc });
    const result = written("vistorias", patrocinio, typedAt("vistorias", patrocinio, 0, { prazo: "90", unidade: "D" }));
    expect(result.changed).toBe(1);
    expect(vistoriasOf(result.doc)).toEqual([{ ...before[0], period: "P90D" }, before[1], before[2]]);
    expect(Object.keys(vistoriasOf(result.doc)[0])).toEqual(Object.keys(before[0]));
    expect(write("vistorias", patrocinio, typedAt("vistorias", patrocinio, 0, { prazo: "", unidade: "D" }))).toEqual({
      ok: false,
      errors: { "vistorias.0.prazo": "vistoria: informe o prazo em dias, um número inteiro maior que zero." },
    });
  });

  it("names every wrong field with its vistoria, and writes nothing", () => {
    expect(
      write("vistorias", patrocinio, {
        ...typedAt("vistorias", patrocinio, 0, { prazo: "0" }),
        ...typedAt("vistorias", patrocinio, 1, { prazo: "2" }),
        ...typedAt("vistorias", patrocinio, 2, { prazo: "1,5", modo_AUTONOMO: "" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "vistorias.0.prazo": "vistoria: informe o prazo em meses, um número inteiro maior que zero.",
        "vistorias.2.prazo": "vistoria: informe o prazo em anos, um número inteiro maior que zero.",
        "vistorias.2.modo_AUTONOMO": "vistoria: marque ao menos um modo a que se aplica.",
      },
    });
  });
});

describe("vistoria items: one list gathered from every vistoria", () => {
  it("reads every vistoria's items in order, each titled with its vistoria, without a choice of vistoria", () => {
    const items = view("itens", patrocinio);
    expect(items.entries).toHaveLength(9 + 4 + 8);
    expect(items.entries.filter((e) => e.key === "ANTENA_CORTA_PIPAS").map((e) => e.index)).toEqual([0, 9, 13]);
    expect(items.entries[9]).toMatchObject({
      title: `Aparador de linha (antena corta-pipas) no guidom (vistoria de Motoboy — ${AUTONOMO})`,
      citation: "Lei 4.883/2017, art. 5º, § 7º",
      values: { nome: "Aparador de linha (antena corta-pipas) no guidom", seguranca: "sim" },
    });
    expect(items.entries[11].values).toEqual({
      nome: "Cor do veículo e dístico do serviço no tanque",
      seguranca: "nao",
    });
    const ita = view("itens", itauna);
    expect(ita.entries).toHaveLength(10);
    expect(ita.entries.every((e) => !("vistoria" in e.values))).toBe(true);
  });

  it("offers the new item a choice of vistoria, none chosen at first", () => {
    const create = view("itens", patrocinio).create!;
    expect(create.fields.map((f) => f.name)).toEqual(["nome", "seguranca", "vistoria", "citacao"]);
    expect(create.fields[2].options).toEqual([
      { value: "0", label: `Vistoria de Mototáxi — ${AUTONOMO}` },
      { value: "1", label: `Vistoria de Motoboy — ${AUTONOMO}` },
      { value: "2", label: `Vistoria de Moto-frete — ${AUTONOMO}` },
    ]);
    expect(create.values).toEqual({ nome: "", seguranca: "", vistoria: "" });
  });

  it("writes an edit to the second vistoria's item only, though the others have one of the same code", () => {
    const result = written("itens", patrocinio, {
      ...typedAt("itens", patrocinio, 0),
      ...typedAt("itens", patrocinio, 9, { nome: "Antena corta-pipas no guidom", seguranca: "nao" }),
      ...typedAt("itens", patrocinio, 13),
    });
    expect(result.changed).toBe(1);
    const after = vistoriasOf(result.doc);
    expect(after[1].items[0]).toEqual({
      code: "ANTENA_CORTA_PIPAS",
      label: "Antena corta-pipas no guidom",
      safety: false,
      citation: "Lei 4.883/2017, art. 5º, § 7º",
    });
    expect(Object.keys(after[1].items[0])).toEqual(Object.keys(before[1].items[0]));
    expect(after[1].items.slice(1)).toEqual(before[1].items.slice(1));
    expect([after[0].items, after[2].items]).toEqual([before[0].items, before[2].items]);
    expect(JSON.stringify(result.doc)).not.toMatch(/_vistoria|_alcance/);
  });

  it("changes nothing when nothing was changed, and writes no tag back", () => {
    for (const text of [patrocinio, itauna]) {
      const result = written("itens", text, typedAll("itens", text));
      expect(result.changed).toBe(0);
      expect(result.doc).toEqual(JSON.parse(text));
      expect(JSON.stringify(result.doc)).not.toMatch(/_vistoria|_alcance/);
    }
  });

  it("adds no items to a vistoria that has none when the form is saved", () => {
    const doc = JSON.parse(patrocinio);
    delete doc.vistorias[1].items;
    const text = JSON.stringify(doc);
    expect(view("itens", text).entries).toHaveLength(9 + 8);
    expect(written("itens", text, typedAll("itens", text))).toMatchObject({ changed: 0, doc });
    const edited = written("itens", text, typedAt("itens", text, 0, { seguranca: "nao" }));
    expect(edited.changed).toBe(1);
    const after = vistoriasOf(edited.doc);
    expect(after[0].items[0]).toEqual({ ...before[0].items[0], safety: false });
    expect(after[1]).toEqual(doc.vistorias[1]);
    expect(after[1]).not.toHaveProperty("items");
    expect(after[2].items).toEqual(before[2].items);
  });

  it("adds an item whose code another vistoria has, and refuses it where its vistoria has one", () => {
    const add = (vistoria: string) =>
      writeCited(
        "itens",
        patrocinio,
        typedNew("itens", patrocinio, {
          nome: "Retrovisores",
          seguranca: "sim",
          vistoria,
          citacao: "Lei 4.883/2017, art. 5º, § 1º, V",
        }),
        PATROCINIO_UNITS,
      );
    expect(before[0].items.map((i) => i.code)).toContain("RETROVISORES");
    expect(before[1].items.map((i) => i.code)).not.toContain("RETROVISORES");
    const result = add("1");
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.changed).toBe(1);
    const after = vistoriasOf(result.doc);
    expect(after[1].items).toEqual([
      ...before[1].items,
      { code: "RETROVISORES", citation: "Lei 4.883/2017, art. 5º, § 1º, V", label: "Retrovisores", safety: true },
    ]);
    expect([after[0].items, after[2].items]).toEqual([before[0].items, before[2].items]);
    expect(add("0")).toEqual({
      ok: false,
      errors: {
        "itens.novo.nome": "Novo: já existe um com o código RETROVISORES: mude o nome ou edite o que existe.",
      },
    });
  });

  it("adds a new item to the vistoria chosen only, cited and quoted", () => {
    const citation = "Lei 4.883/2017, art. 5º, § 9º";
    expect(JSON.parse(patrocinio).quotes[citation]).toBeUndefined();
    const result = writeCited(
      "itens",
      patrocinio,
      typedNew("itens", patrocinio, {
        nome: "Sistema de comunicação por rádio",
        seguranca: "nao",
        vistoria: "1",
        citacao: citation,
      }),
      PATROCINIO_UNITS,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.changed).toBe(1);
    const after = vistoriasOf(result.doc);
    expect(after[1].items).toEqual([
      ...before[1].items,
      { code: "SISTEMA_COMUNICACAO_POR_RADIO", citation, label: "Sistema de comunicação por rádio", safety: false },
    ]);
    expect([after[0].items, after[2].items]).toEqual([before[0].items, before[2].items]);
    expect((result.doc.quotes as Record<string, string>)[citation]).toMatch(/^O permissionário ou o autorizatário/);
    expect(JSON.stringify(result.doc)).not.toMatch(/_vistoria|_alcance/);
  });

  it("adds the first item of the new town's vistoria", () => {
    const result = writeCited(
      "itens",
      newTown,
      typedNew("itens", newTown, {
        nome: "Selo de vistoria",
        seguranca: "sim",
        vistoria: "0",
        citacao: "Lei 1.234/2025, art. 5º",
      }),
      NEW_TOWN_UNITS,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(vistoriasOf(result.doc)[0].items).toEqual([
      { code: "SELO_VISTORIA", citation: "Lei 1.234/2025, art. 5º", label: "Selo de vistoria", safety: true },
    ]);
  });

  it("refuses a new item without its vistoria, safety or citation, or one already there", () => {
    const add = (typed: Record<string, string>) =>
      writeCited("itens", patrocinio, typedNew("itens", patrocinio, typed), PATROCINIO_UNITS);
    expect(add({ nome: "Rádio", vistoria: "3" })).toEqual({
      ok: false,
      errors: {
        "itens.novo.seguranca": "Novo: diga se é um item de segurança.",
        "itens.novo.vistoria": "Novo: escolha a vistoria.",
        "itens.novo.citacao": "Novo: escolha o dispositivo da lei que o pede.",
      },
    });
    expect(
      add({ nome: "Placa aluguel", seguranca: "nao", vistoria: "1", citacao: "Lei 4.883/2017, art. 5º, § 1º, V" }),
    ).toEqual({
      ok: false,
      errors: {
        "itens.novo.nome": "Novo: já existe um com o código PLACA_ALUGUEL: mude o nome ou edite o que existe.",
      },
    });
  });

  it("names every wrong field of an item, and writes nothing", () => {
    expect(
      write("itens", patrocinio, {
        ...typedAt("itens", patrocinio, 0, { nome: "Antena" }),
        ...typedAt("itens", patrocinio, 9, { nome: " ", seguranca: "" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "itens.9.nome": "ANTENA_CORTA_PIPAS: escreva o que o vistoriador confere.",
        "itens.9.seguranca": "ANTENA_CORTA_PIPAS: diga se é um item de segurança.",
      },
    });
  });
});
