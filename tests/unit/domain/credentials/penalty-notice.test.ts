import { describe, expect, it } from "vitest";
import { penaltyNotice, penaltyTermsOf } from "~/domain/credentials/penalty-notice";
import { getPack } from "~/domain/rule-packs/shipped";

const pack = (id: string) => {
  const p = getPack(id);
  if (!p) throw new Error(id);
  return p;
};

const suspended = {
  status: "SUSPENDED",
  suspendedUntil: "2026-12-20",
  reason: "Transporte de passageiro sem capacete",
  citation: "Lei 904/1997, art. 28, d",
  decidedOn: "2026-12-05",
};

describe("what the holder is told about a suspension or a cassação", () => {
  it("says nothing of a credential in force, expired or replaced", () => {
    const terms = penaltyTermsOf(pack("jardim-ms"));
    for (const status of ["ACTIVE", "EXPIRED", "SUPERSEDED"])
      expect(penaltyNotice({ ...suspended, status }, terms)).toBeNull();
  });

  it("a suspension: until when (inclusive), why with its citation, and Jardim's 8-day appeal with its last day", () => {
    const n = penaltyNotice(suspended, penaltyTermsOf(pack("jardim-ms")))!;
    expect(n.kind).toBe("suspended");
    expect(n.title).toBe("Suspensa até 20/12/2026");
    expect(n.reason).toBe("Motivo: Transporte de passageiro sem capacete (Lei 904/1997, art. 28, d).");
    expect(n.effect).toBe(
      "Até 20/12/2026 (inclusive) você não pode prestar o serviço. Em 21/12/2026 ela volta a valer, se nada mudar.",
    );
    expect(n.appeal).toBe(
      "Você pode recorrer da decisão à secretaria competente da prefeitura no prazo de 8 dias, até 13/12/2026 (Lei 904/1997, art. 30).",
    );
    expect(n.final).toBeNull();
  });

  it("a reason typed with its own full stop is not stopped twice before the citation", () => {
    const n = penaltyNotice(
      { ...suspended, reason: "Sem capacete, auto 12/2026." },
      penaltyTermsOf(pack("jardim-ms")),
    )!;
    expect(n.reason).toBe("Motivo: Sem capacete, auto 12/2026 (Lei 904/1997, art. 28, d).");
  });

  it("where the law sets no appeal deadline, it says so and cites what the law does say about the defence", () => {
    const n = penaltyNotice(suspended, penaltyTermsOf(pack("itauna-mg")))!;
    expect(n.appeal).toBe(
      "A Lei 4.785/2013 não fixa prazo de recurso: apuração por comissão de 3 servidores, assegurada ampla defesa (Lei 4.785/2013, art. 22, § 1º). Para se defender, procure a prefeitura com o número da credencial.",
    );
  });

  it("a cassação is final, names no reinstatement or renewal, and says the law sets no wait for a new application", () => {
    const n = penaltyNotice(
      { ...suspended, status: "REVOKED", suspendedUntil: null, citation: "Lei 4.883/2017, art. 35" },
      penaltyTermsOf(pack("patrocinio-mg")),
    )!;
    expect(n.kind).toBe("revoked");
    expect(n.title).toBe("Cassada: a cassação é definitiva");
    expect(n.effect).toBe("Esta credencial não volta a valer: não pode ser reativada nem renovada.");
    expect(n.final).toBe(
      "A Lei 4.883/2017 não fixa prazo de espera para um novo requerimento depois da cassação; antes de pedir outro, fale com a prefeitura.",
    );
    expect(n.appeal).toContain("A Lei 4.883/2017 não fixa prazo de recurso");
    expect(n.appeal).toContain("(Lei 4.883/2017, art. 34, parágrafo único)");
  });

  it("a suspension without an end date or a reason still says what it can", () => {
    const n = penaltyNotice(
      { status: "SUSPENDED", suspendedUntil: null, reason: null, citation: null, decidedOn: null },
      penaltyTermsOf(pack("jardim-ms")),
    )!;
    expect(n.title).toBe("Suspensa");
    expect(n.reason).toBe("Motivo: não informado. Peça à prefeitura a decisão por escrito.");
    expect(n.effect).toBe("Enquanto durar a suspensão você não pode prestar o serviço.");
    expect(n.appeal).toBe(
      "Você pode recorrer da decisão à secretaria competente da prefeitura no prazo de 8 dias (Lei 904/1997, art. 30).",
    );
  });
});
