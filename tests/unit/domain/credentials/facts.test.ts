// A credential's facts (app/domain/credentials/facts.ts): the one list the public verdict, the
// fiscal's results and the staff page read their terms and texts from.
import { describe, expect, it } from "vitest";
import { credentialFacts, reasonText, statusText, validityText, verdictFacts } from "~/domain/credentials/facts";

const credential = {
  serial: "ITA-MB-2026-000001",
  type: "CRACHA",
  category: "MOTOBOY",
  holderName: "Maria Aparecida Souza",
  municipality: { name: "Itaúna", uf: "MG" },
  plate: "HAB1C23",
  operator: "Entregas Ltda",
  validFrom: "2026-01-01",
  validUntil: "2027-12-31",
};

describe("credentialFacts", () => {
  it("gives the named facts in the order asked, labelled in pt-BR", () => {
    expect(credentialFacts(credential, ["validity", "holder", "registration", "category", "document"])).toEqual([
      { term: "Validade", detail: "01/01/2026 a 31/12/2027" },
      { term: "Nome", detail: "Maria Aparecida Souza" },
      { term: "Nº de registro", detail: "ITA-MB-2026-000001" },
      { term: "Categoria", detail: "Motoboy" },
      { term: "Documento", detail: "Crachá" },
    ]);
  });

  it("leaves out what the credential lacks, and writes unknown codes as given", () => {
    const bare = { ...credential, plate: null, operator: undefined, municipality: undefined, category: "X", type: "Y" };
    expect(credentialFacts(bare, ["category", "document", "municipality", "plate", "operator"])).toEqual([
      { term: "Categoria", detail: "X" },
      { term: "Documento", detail: "Y" },
    ]);
    expect(credentialFacts(credential, ["municipality", "plate", "operator"])).toEqual([
      { term: "Município", detail: "Itaúna (MG)" },
      { term: "Placa", detail: "HAB1C23" },
      { term: "Empresa", detail: "Entregas Ltda" },
    ]);
  });

  it("the public verdict's list ends with the typed code, or the serial when there is none", () => {
    const terms = verdictFacts(credential, "ITA-MB-2026-000001-K7QX").map((f) => f.term);
    expect(terms).toEqual(["Nome", "Categoria", "Documento", "Município", "Placa", "Empresa", "Validade", "Código"]);
    expect(verdictFacts(credential, "ITA-MB-2026-000001-K7QX").at(-1)?.detail).toBe("ITA-MB-2026-000001-K7QX");
    expect(verdictFacts(credential, null).at(-1)?.detail).toBe("ITA-MB-2026-000001");
  });
});

describe("status, reason and validity texts", () => {
  it("writes the suspension's end and the citation only when there is one", () => {
    expect(statusText("Suspensa", "2026-12-10")).toBe("Suspensa até 10/12/2026");
    expect(statusText("Ativa", null)).toBe("Ativa");
    expect(reasonText("Excesso de velocidade", "Lei 1/2020, art. 5º")).toBe(
      "Excesso de velocidade (Lei 1/2020, art. 5º)",
    );
    expect(reasonText("Excesso de velocidade", null)).toBe("Excesso de velocidade");
    expect(validityText("2026-01-01", "2026-06-30")).toBe("01/01/2026 a 30/06/2026");
  });
});
