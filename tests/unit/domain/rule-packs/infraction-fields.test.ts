// The draft's infractions as fields (issue #30's editor): what each is and who commits it, read
// from the text and written back; a wrong field is named and nothing is written.
import { describe, expect, it } from "vitest";
import { citationFor } from "~/domain/laws/citation";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { infractionFields, withInfractionFields } from "~/domain/rule-packs/infraction-fields";
import { MOTOTAXI_DRAFT, proposals } from "./new-town-draft";

const LAW_LABEL = "Lei 1.234/2025";
const text = acceptAllProposals(
  MOTOTAXI_DRAFT,
  proposals.map((p) => ({ ...p, citation: citationFor(LAW_LABEL, p.anchor) })),
).text;

describe("the draft's infractions as fields", () => {
  it("reads each with its code, words, offender, citation and the law's words", () => {
    const fields = infractionFields(text)!;
    expect(fields.map((f) => f.code)).toEqual(["ART9_I", "ART9_II", "ART9_III"]);
    expect(fields[0]).toEqual({
      index: 0,
      code: "ART9_I",
      description: "Deixar de usar o colete ou o capacete com a identificação do serviço",
      offender: "QUALQUER",
      citation: `${LAW_LABEL}, art. 9º, I`,
      quote: "deixar de usar o colete ou o capacete com a identificação do serviço;",
    });
    expect(infractionFields("{ quebrado")).toBeNull();
  });

  it("writes who commits each and what it is, counting what changed", () => {
    const written = withInfractionFields(text, {
      "infracao.0.code": "ART9_I",
      "infracao.0.description": "Deixar de usar o colete ou o capacete com a identificação do serviço",
      "infracao.0.offender": "CONDUTOR",
      "infracao.1.code": "ART9_II",
      "infracao.1.description": "Cobrar preço acima da tarifa fixada pelo Poder Executivo",
      "infracao.1.offender": "TITULAR",
    });
    expect(written).toMatchObject({ ok: true, changed: 2 });
    const catalogue = JSON.parse((written as { text: string }).text).infractions.catalogue;
    expect(catalogue.map((i: { offender: string }) => i.offender)).toEqual(["CONDUTOR", "TITULAR", "QUALQUER"]);
    expect(catalogue[1].description).toBe("Cobrar preço acima da tarifa fixada pelo Poder Executivo");
    // The penalty and citation stay as they were.
    expect(catalogue[1].penalty).toEqual(JSON.parse(text).infractions.catalogue[1].penalty);
  });

  it("names every wrong field at once, and refuses a form read from another text", () => {
    expect(
      withInfractionFields(text, {
        "infracao.0.code": "ART9_I",
        "infracao.0.description": "  ",
        "infracao.0.offender": "O PASSAGEIRO",
      }),
    ).toEqual({
      ok: false,
      errors: {
        "infracao.0.description": "ART9_I: escreva o que a infração é.",
        "infracao.0.offender": "ART9_I: escolha quem comete a infração.",
      },
    });
    expect(withInfractionFields(text, { "infracao.0.code": "ART9_III", "infracao.0.offender": "CONDUTOR" })).toEqual({
      ok: false,
      errors: { _form: "As infrações do texto mudaram depois que a página abriu: recarregue e tente de novo." },
    });
  });
});
