// The draft's lists as forms (issue #30's editor): documents, infractions, fees and duties read
// from the text as fields and written back; a wrong field is named with the entry, and nothing is
// written then; a form read from another text is refused.
import { describe, expect, it } from "vitest";
import { citableUnits } from "~/domain/laws/citation";
import { structureOfLaw } from "~/domain/laws/structure";
import { checkPackDocument } from "~/domain/rule-packs/document";
import { codeOf, termFields, termOf } from "~/domain/rule-packs/editor-parts";
import { LIST_EDITORS, type ListName } from "~/domain/rule-packs/list-editors";
import { listView, withListFields } from "~/domain/rule-packs/list-fields";
import { type Doc, entry, itauna, LAW_LABEL, newTown, typedFor, view, write, written } from "./list-forms";
import { LAW } from "./new-town-draft";

describe("codes of new entries", () => {
  it("come from the name, without accents nor short words, unless the name is only those", () => {
    expect(codeOf("Relatório mensal de motoristas")).toBe("relatorio_mensal_motoristas");
    expect(codeOf("Certidão de quitação eleitoral da Justiça Eleitoral")).toBe("certidao_quitacao_eleitoral_justica");
    expect(codeOf("RG")).toBe("rg");
    expect(codeOf("2ª via")).toBe("via");
    expect(codeOf("Lei 1.234")).toBe("lei_234");
  });
});

describe("terms as an amount and a unit", () => {
  it("reads and writes days, months, years and hours, and refuses what is not a positive whole number", () => {
    expect(termFields("P90D")).toEqual({ amount: "90", unit: "D" });
    expect(termFields("PT72H")).toEqual({ amount: "72", unit: "H" });
    expect(termFields("P1Y6M")).toEqual({ amount: "", unit: "D" });
    expect(termOf("72", "H")).toEqual({ duration: "PT72H" });
    expect(termOf("6", "M")).toEqual({ duration: "P6M" });
    expect(termOf("0", "D")).toEqual({ error: "informe o prazo em dias, um número inteiro maior que zero." });
    expect(termOf("1,5", "Y")).toEqual({ error: "informe o prazo em anos, um número inteiro maior que zero." });
  });
});

describe("documents: name and validity", () => {
  it("reads each with its validity: none, own expiry, a term, recent", () => {
    expect(entry("documentos", newTown, "CERTIDAO_CRIMINAL").values).toMatchObject({
      validade: "DURATION",
      prazo: "90",
      unidade: "D",
    });
    expect(entry("documentos", newTown, "CNH").values).toMatchObject({ validade: "OWN_EXPIRY", prazo: "" });
    expect(entry("documentos", newTown, "COMPROVANTE_RESIDENCIA").values.validade).toBe("RECENT");
    expect(listView(LIST_EDITORS.documentos, null)).toBeNull();
  });

  it("writes a new name and a new term, and leaves alone what did not change", () => {
    const result = written("documentos", newTown, {
      ...typedFor("documentos", newTown, "CERTIDAO_CRIMINAL", { prazo: "6", unidade: "M" }),
      ...typedFor("documentos", newTown, "ATESTADO_ANTECEDENTES", { nome: "Atestado de antecedentes (Polícia Civil)" }),
      ...typedFor("documentos", newTown, "CNH"),
      ...typedFor("documentos", newTown, "COMPROVANTE_RESIDENCIA"),
    });
    expect(result.changed).toBe(2);
    const of = (type: string) => (result.doc.documents as Doc[]).find((d) => d.type === type)!;
    const before = (type: string) => JSON.parse(newTown).documents.find((d: Doc) => d.type === type);
    expect(of("CERTIDAO_CRIMINAL").validity).toEqual({ kind: "DURATION", duration: "P6M" });
    expect(of("ATESTADO_ANTECEDENTES").label).toBe("Atestado de antecedentes (Polícia Civil)");
    expect(of("CNH")).toEqual(before("CNH"));
    expect(of("COMPROVANTE_RESIDENCIA")).toEqual(before("COMPROVANTE_RESIDENCIA"));
  });

  it("names every wrong field at once: no name, no term, a recent without its parameter", () => {
    const cert = entry("documentos", newTown, "CERTIDAO_CRIMINAL").index;
    const cnh = entry("documentos", newTown, "CNH").index;
    expect(
      write("documentos", newTown, {
        ...typedFor("documentos", newTown, "CERTIDAO_CRIMINAL", { nome: " ", prazo: "0" }),
        ...typedFor("documentos", newTown, "CNH", { validade: "RECENT" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        [`documentos.${cert}.nome`]: "CERTIDAO_CRIMINAL: escreva o nome do documento, como o condutor o conhece.",
        [`documentos.${cert}.prazo`]: "CERTIDAO_CRIMINAL: informe o prazo em dias, um número inteiro maior que zero.",
        [`documentos.${cnh}.validade`]: expect.stringContaining("“recente” precisa de um parâmetro de dias"),
      },
    });
  });
});

describe("infractions: what each is and who commits it", () => {
  it("reads each with its code, words, offender, citation and the law's words", () => {
    const infractions = view("infracoes", newTown);
    expect(infractions.entries.map((e) => e.key)).toEqual(["ART9_I", "ART9_II", "ART9_III"]);
    expect(infractions.entries[0]).toEqual({
      index: 0,
      key: "ART9_I",
      title: "ART9_I",
      citation: `${LAW_LABEL}, art. 9º, I`,
      quote: "deixar de usar o colete ou o capacete com a identificação do serviço;",
      values: {
        descricao: "Deixar de usar o colete ou o capacete com a identificação do serviço",
        quem: "QUALQUER",
        classe: "",
        // Its own penalty, which the law ties to the infraction (the new town has no classes).
        advertencia: "1",
        cassacao: "1",
        multa_valor: "",
        multa_min: "2",
        multa_max: "10",
        multa_unidade: "UFVI",
        regulamento: "",
        suspensao_dias: "30",
      },
    });
  });

  it("writes who commits each and what it is, keeping the penalty", () => {
    const result = written("infracoes", newTown, {
      ...typedFor("infracoes", newTown, "ART9_I", { quem: "CONDUTOR" }),
      ...typedFor("infracoes", newTown, "ART9_II", {
        descricao: "Cobrar preço acima da tarifa fixada pelo Poder Executivo",
        quem: "TITULAR",
      }),
    });
    expect(result.changed).toBe(2);
    const catalogue = (result.doc.infractions as { catalogue: Doc[] }).catalogue;
    expect(catalogue.map((i) => i.offender)).toEqual(["CONDUTOR", "TITULAR", "QUALQUER"]);
    expect(catalogue[1].description).toBe("Cobrar preço acima da tarifa fixada pelo Poder Executivo");
    expect(catalogue[1].penalty).toEqual(JSON.parse(newTown).infractions.catalogue[1].penalty);
  });

  it("names every wrong field, and refuses a form read from another text", () => {
    expect(
      write("infracoes", newTown, {
        "infracoes.0.chave": "ART9_I",
        "infracoes.0.descricao": "  ",
        "infracoes.0.quem": "?",
      }),
    ).toEqual({
      ok: false,
      errors: {
        "infracoes.0.descricao": "ART9_I: escreva o que a infração é.",
        "infracoes.0.quem": "ART9_I: escolha quem comete a infração.",
      },
    });
    expect(write("infracoes", newTown, { "infracoes.0.chave": "ART9_III", "infracoes.0.quem": "CONDUTOR" })).toEqual({
      ok: false,
      errors: { _form: "O texto mudou depois que a página abriu: recarregue e tente de novo." },
    });
  });
});

describe("fees: name and amount", () => {
  it("names the law's fee instead of the proposal's placeholder, with a decimal amount in the town's unit", () => {
    const taxa = entry("taxas", newTown, "taxa");
    expect(taxa.values.nome).toBe("Taxa (art. 7º)");
    const units = view("taxas", newTown)
      .fields.find((f) => f.name === "unidade")!
      .options!.map((o) => o.value);
    expect(units).toEqual([JSON.parse(newTown).fiscalUnit, "BRL", "SALARIO_MINIMO"]);
    const result = written(
      "taxas",
      newTown,
      typedFor("taxas", newTown, "taxa", { nome: "Taxa de permissão", valor: "2,5" }),
    );
    expect((result.doc.fees as Doc[])[0]).toMatchObject({ label: "Taxa de permissão", amount: 2.5, unit: units[0] });
  });

  it("refuses an amount that is not a positive number and a unit not offered", () => {
    expect(write("taxas", newTown, typedFor("taxas", newTown, "taxa", { valor: "dez", unidade: "USD" }))).toEqual({
      ok: false,
      errors: {
        "taxas.0.valor": "taxa: informe o valor, um número maior que zero (decimais com vírgula).",
        "taxas.0.unidade": "taxa: escolha a unidade do valor.",
      },
    });
  });
});

describe("duties with a deadline", () => {
  it("reads hours and days, writes a new term and who owes it, and drops a term left blank", () => {
    expect(entry("prazos", itauna, "comunicacao_obito_desligamento").values).toMatchObject({
      quem: "OPERADORA",
      prazo: "72",
      unidade: "H",
    });
    const result = written("prazos", itauna, {
      ...typedFor("prazos", itauna, "atualizacao_endereco_condutor", { prazo: "15" }),
      ...typedFor("prazos", itauna, "substituicao_veiculo", { prazo: "" }),
    });
    const of = (id: string) => (result.doc.deadlines as Doc[]).find((d) => d.id === id)!;
    expect(of("atualizacao_endereco_condutor").within).toBe("P15D");
    expect(of("substituicao_veiculo")).not.toHaveProperty("within");
    expect(of("substituicao_veiculo").citation).toBe("Lei 4.785/2013, art. 9º");
    expect(result.changed).toBe(2);
  });
});

describe("an entry the proposals did not read, added in its list's form", () => {
  const units = citableUnits(LAW_LABEL, structureOfLaw(LAW).units);
  const add = (name: ListName, typed: Record<string, string>) =>
    withListFields(
      LIST_EDITORS[name],
      name,
      JSON.parse(newTown),
      // What the new entry's fieldset shows before anything is typed (the modes ticked), then the typing.
      Object.fromEntries(
        Object.entries({ ...view(name, newTown).create!.values, ...typed }).map(([k, v]) => [`${name}.novo.${k}`, v]),
      ),
      units,
    );

  it("adds a document with its validity, cited at the unit chosen, for every mode the draft offers", () => {
    const result = add("documentos", {
      nome: "Certificado de conclusão do ensino fundamental",
      validade: "NONE",
      citacao: `${LAW_LABEL}, art. 3º, IV`,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.changed).toBe(1);
    expect((result.doc.documents as Doc[]).at(-1)).toEqual({
      type: "CERTIFICADO_CONCLUSAO_ENSINO_FUNDAMENTAL",
      label: "Certificado de conclusão do ensino fundamental",
      validity: { kind: "NONE" },
      appliesTo: { modes: ["AUTONOMO"] },
      citation: `${LAW_LABEL}, art. 3º, IV`,
    });
    expect(checkPackDocument(JSON.stringify(result.doc)).problems).toEqual(checkPackDocument(newTown).problems);
  });

  it("starts a list the text does not have: the first duty with a deadline", () => {
    expect(JSON.parse(newTown).deadlines).toBeUndefined();
    const result = add("prazos", {
      nome: "Comunicar a troca de endereço",
      quem: "CONDUTOR",
      prazo: "30",
      unidade: "D",
      citacao: `${LAW_LABEL}, art. 3º, V`,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.doc.deadlines).toEqual([
      {
        id: "comunicar_troca_endereco",
        citation: `${LAW_LABEL}, art. 3º, V`,
        label: "Comunicar a troca de endereço",
        who: "CONDUTOR",
        within: "P30D",
      },
    ]);
  });

  it("adds nothing when the new entry's name is blank, and refuses one without its unit or already there", () => {
    expect(add("taxas", { nome: " ", valor: "3" })).toMatchObject({ ok: true, changed: 0 });
    expect(add("taxas", { nome: "Taxa de vistoria", valor: "3", unidade: "UFVI" })).toEqual({
      ok: false,
      errors: { "taxas.novo.citacao": "Novo: escolha o dispositivo da lei que o pede." },
    });
    expect(add("documentos", { nome: "CNH", validade: "OWN_EXPIRY", citacao: `${LAW_LABEL}, art. 3º, II` })).toEqual({
      ok: false,
      errors: {
        "documentos.novo.nome": "Novo: já existe um com o código CNH: mude o nome ou edite o que existe.",
      },
    });
  });
});
