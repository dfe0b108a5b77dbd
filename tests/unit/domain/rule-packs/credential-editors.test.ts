// What the portal issues, as forms (issue #30's editor): each credential's name and validity — the
// law's term, the vistoria's, or the prefeitura's one term where the law is silent — and which
// fields the law asks on the identification card, each cited at its unit.
import { describe, expect, it } from "vitest";
import { citableUnits } from "~/domain/laws/citation";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { structureOfLaw } from "~/domain/laws/structure";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { checkPackDocument } from "~/domain/rule-packs/document";
import { LIST_EDITORS } from "~/domain/rule-packs/list-editors";
import { listView, withListFields } from "~/domain/rule-packs/list-fields";
import { type Doc, entry, itauna, LAW_LABEL, newTown, typedFor, write, written } from "./list-forms";
import { LAW, MOTOTAXI_DRAFT } from "./new-town-draft";

describe("credentials: name and validity", () => {
  it("names the crachá and changes its term, keeping the law's citation of the term", () => {
    const cracha = entry("credenciais", newTown, "CRACHA");
    expect(cracha.values).toMatchObject({ validade: "DURATION" });
    const result = written("credenciais", newTown, {
      ...typedFor("credenciais", newTown, "CRACHA", { nome: "Crachá do mototaxista", prazo: "2", unidade: "Y" }),
    });
    const of = (result.doc.credentials as Doc[]).find((c) => c.type === "CRACHA")!;
    const before = JSON.parse(newTown).credentials.find((c: Doc) => c.type === "CRACHA");
    expect(of.label).toBe("Crachá do mototaxista");
    expect(of.validity).toEqual({ ...before.validity, duration: "P2Y" });
    expect(checkPackDocument(JSON.stringify(result.doc)).problems).toEqual(
      checkPackDocument(newTown).problems.filter((p) => p.rule !== "CRACHA"),
    );
  });

  it("a validity the law does not set is the prefeitura's term, one for every such credential", () => {
    expect(entry("credenciais", itauna, "CERTIFICADO").values).toMatchObject({
      validade: "NOT_SET",
      prazo: "12",
      unidade: "M",
    });
    const typed = (prazo: string, unidade: string) => ({
      ...typedFor("credenciais", itauna, "CERTIFICADO", { prazo, unidade }),
      ...typedFor("credenciais", itauna, "AUTORIZACAO_TRANSITO", { prazo, unidade }),
      ...typedFor("credenciais", itauna, "CERTIFICADO_OPERADOR", { prazo, unidade }),
    });
    const result = written("credenciais", itauna, typed("2", "Y"));
    expect((result.doc.parameters as Doc).validadeCredencialSemPrazoLegal).toMatchObject({ unit: "MONTHS", value: 24 });
    // The credentials are as they were; their term, the parameter's, changed.
    expect(result.changed).toBe(1);
    expect(written("credenciais", itauna, typed("12", "M")).changed).toBe(0);
    const at = entry("credenciais", itauna, "CERTIFICADO_OPERADOR").index;
    expect(
      write("credenciais", itauna, {
        ...typed("2", "Y"),
        [`credenciais.${at}.prazo`]: "18",
        [`credenciais.${at}.unidade`]: "M",
      }),
    ).toEqual({
      ok: false,
      errors: { [`credenciais.${at}.prazo`]: expect.stringContaining("têm um só prazo, o da prefeitura") },
    });
  });

  it("a town whose law is silent on the crachá gets the prefeitura's term as a new parameter, said as such", () => {
    const result = written(
      "credenciais",
      newTown,
      typedFor("credenciais", newTown, "CRACHA", { validade: "NOT_SET", prazo: "18", unidade: "M" }),
    );
    expect((result.doc.parameters as Doc).validadeCredencialSemPrazoLegal).toMatchObject({
      unit: "MONTHS",
      value: 18,
      note: "A lei não fixa a validade: prazo definido pela prefeitura, não pela lei.",
    });
    expect(checkPackDocument(JSON.stringify(result.doc)).problems).toEqual(checkPackDocument(newTown).problems);
  });

  it("a term in a credential the law fixes needs a number", () => {
    const at = entry("credenciais", newTown, "CRACHA").index;
    expect(write("credenciais", newTown, typedFor("credenciais", newTown, "CRACHA", { nome: "", prazo: "" }))).toEqual({
      ok: false,
      errors: {
        [`credenciais.${at}.nome`]: "CRACHA: escreva o nome da credencial.",
        [`credenciais.${at}.prazo`]: "CRACHA: informe o prazo em anos, um número inteiro maior que zero.",
      },
    });
  });
});

describe("the identification card: which fields the law asks", () => {
  const units = citableUnits(LAW_LABEL, structureOfLaw(LAW).units);
  // As the page includes them: each field cited at the unit that names it.
  const town = acceptAllProposals(
    MOTOTAXI_DRAFT,
    citedDraftFromLaw(LAW_LABEL, structureOfLaw(LAW).units).proposals,
  ).text;
  const card = () => entry("cracha", town, "Crachá de identificação");

  it("reads each field the card shows with the unit that asks it, the others blank", () => {
    expect(card().values).toMatchObject({
      "campo.HOLDER_NAME": `${LAW_LABEL}, art. 8º, a`,
      "campo.PHOTO": `${LAW_LABEL}, art. 8º, a`,
      "campo.REGISTRATION_NUMBER": `${LAW_LABEL}, art. 8º, b`,
      "campo.BLOOD_TYPE": `${LAW_LABEL}, art. 8º, c`,
      "campo.COMPANY_NAME": "",
    });
    // With the law attached, any unit of it may be chosen.
    const options = listView(LIST_EDITORS.cracha, JSON.parse(town), units)!.fields[1].options!;
    expect(options.map((o) => o.value)).toContain(`${LAW_LABEL}, art. 4º, I`);
  });

  it("takes a field out, puts one in with the law's words under its unit, and keeps the rest", () => {
    const typed = typedFor("cracha", town, "Crachá de identificação", {
      "campo.BLOOD_TYPE": "",
      "campo.VEHICLE_CONTROL_NUMBER": `${LAW_LABEL}, art. 4º, III`,
    });
    const result = withListFields(LIST_EDITORS.cracha, "cracha", JSON.parse(town), typed, units);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const written = (result.doc.identificationCard as { cards: Doc[] }).cards[0].fields as Doc[];
    expect(written.map((f) => f.field)).toEqual([
      "HOLDER_NAME",
      "PHOTO",
      "VEHICLE_CONTROL_NUMBER",
      "REGISTRATION_NUMBER",
    ]);
    expect((result.doc.quotes as Record<string, string>)[`${LAW_LABEL}, art. 4º, III`]).toMatch(/categoria aluguel/);
    expect(checkPackDocument(JSON.stringify(result.doc)).problems).toEqual(checkPackDocument(town).problems);
  });

  it("refuses a citation that is not the law's, and a card that shows nothing", () => {
    const at = card().index;
    const nothing = Object.fromEntries(
      Object.keys(card().values)
        .filter((k) => k.startsWith("campo."))
        .map((k) => [k, ""]),
    );
    expect(
      withListFields(
        LIST_EDITORS.cracha,
        "cracha",
        JSON.parse(town),
        typedFor("cracha", town, "Crachá de identificação", {
          ...nothing,
          "campo.COMPANY_NAME": "Lei 9.999/2030, art. 1º",
        }),
        units,
      ),
    ).toEqual({
      ok: false,
      errors: {
        [`cracha.${at}.campo.COMPANY_NAME`]:
          "Crachá de identificação: escolha o dispositivo da lei que pede este dado no cartão.",
      },
    });
    expect(write("cracha", town, typedFor("cracha", town, "Crachá de identificação", nothing))).toEqual({
      ok: false,
      errors: {
        [`cracha.${at}.campo.HOLDER_NAME`]:
          "Crachá de identificação: o cartão mostra ao menos um dado: escolha o dispositivo que o pede.",
      },
    });
  });
});
