import { describe, expect, it } from "vitest";
import { type HomeApplication, type HomeCredential, nextSteps } from "~/domain/applications/next-step";

const steps = (done: boolean[]) =>
  ["dados", "veiculo", "documentos", "revisao"].map((key, i) => ({
    key,
    label: ["Dados pessoais", "Veículo", "Documentos", "Revisão e envio"][i],
    done: done[i],
  }));

const app = (over: Partial<HomeApplication>): HomeApplication => ({
  id: "a1",
  number: "REQ-PTC-2026-000001",
  status: "DRAFT",
  what: "Mototáxi em Patrocínio (MG)",
  steps: steps([false, false, false, false]),
  documents: [],
  since: null,
  reason: null,
  ...over,
});

const badge: HomeCredential = { id: "c1", label: "Crachá — Mototáxi", serial: "CRA-PTC-2026-000001", valid: true };

describe("nextSteps: what the driver's home says is next", () => {
  it("asks to start when there is no application and no crachá", () => {
    const [only, ...rest] = nextSteps([], []);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ title: "Pedir credenciamento", href: "/requerimentos/novo" });
  });

  it("a withdrawn or refused application alone still leaves the driver to start again", () => {
    expect(nextSteps([app({ status: "WITHDRAWN" }), app({ id: "a2", status: "REJECTED" })], [])[0].title).toBe(
      "Pedir credenciamento",
    );
  });

  it("points a draft at its first unfinished step, counted as the wizard counts", () => {
    const [first] = nextSteps([app({ steps: steps([true, false, false, false]) })], []);
    expect(first.title).toBe("Continue o requerimento (passo 2 de 4)");
    expect(first.href).toBe("/requerimentos/a1/veiculo");
  });

  it("names the missing documents with the right plural once the data is in", () => {
    const documents = ["RG", "CNH", "Comprovante de residência"].map((label) => ({
      label,
      status: "MISSING",
      reason: null,
    }));
    const [first] = nextSteps([app({ steps: steps([true, true, false, false]), documents })], []);
    expect(first.title).toBe("Faltam 3 documentos");
    expect(first.text).toContain("RG, CNH e Comprovante de residência");
    expect(first.href).toBe("/requerimentos/a1/documentos");
    const [one] = nextSteps([app({ steps: steps([true, true, false, false]), documents: documents.slice(0, 1) })], []);
    expect(one.title).toBe("Falta 1 documento");
  });

  it("sends a complete draft to review and submission", () => {
    const [first] = nextSteps([app({ steps: steps([true, true, true, false]) })], []);
    expect(first).toMatchObject({ title: "Continue o requerimento (passo 4 de 4)", action: "Revisar e enviar" });
  });

  it("says which document the analyst refused, and why", () => {
    const [first] = nextSteps(
      [
        app({
          status: "CHANGES_REQUESTED",
          documents: [{ label: "RG", status: "REJECTED", reason: "a foto está tremida" }],
          reason: "Troque o RG.",
        }),
      ],
      [],
    );
    expect(first.title).toBe("O analista pediu correção: troque o documento RG");
    expect(first.text).toContain("a foto está tremida");
    expect(first.href).toBe("/requerimentos/a1/documentos");
  });

  it("tells since when an application is under review, in the municipality's date", () => {
    const [first] = nextSteps([app({ status: "IN_REVIEW", since: "2026-11-28" })], []);
    expect(first.title).toBe("Em análise desde 28/11/2026");
  });

  it("offers the crachá in force for download, and only one in force", () => {
    const cards = nextSteps([app({ status: "ISSUED" })], [badge, { ...badge, id: "c2", valid: false }]);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ title: "Crachá — Mototáxi pronto — baixar", href: "/credenciais/c1/pdf" });
  });

  it("puts a correction asked before a draft and a review under way", () => {
    const cards = nextSteps(
      [
        app({ id: "r", status: "IN_REVIEW" }),
        app({ id: "d" }),
        app({ id: "c", status: "CHANGES_REQUESTED", reason: "Envie o comprovante atualizado." }),
      ],
      [],
    );
    expect(cards.map((c) => c.key)).toEqual(["c", "d", "r"]);
    expect(cards[0].title).toBe("O analista pediu correção: Envie o comprovante atualizado.");
  });

  it("a suspended or revoked crachá is said first, with why and where to appeal — never 'Pedir credenciamento' instead", () => {
    const suspended = {
      ...badge,
      valid: false,
      notice: {
        kind: "suspended" as const,
        title: "Suspensa até 20/12/2026",
        reason: "Motivo: Sem capacete (Lei 904/1997, art. 28, d).",
        effect: "Até 20/12/2026 (inclusive) você não pode prestar o serviço.",
        appeal: "Você pode recorrer…",
        final: null,
      },
    };
    const cards = nextSteps([app({ id: "r", status: "IN_REVIEW" })], [suspended]);
    expect(cards.map((c) => c.key)).toEqual(["situacao-c1", "r"]);
    expect(cards[0]).toMatchObject({
      tone: "atencao",
      title: "Credencial suspensa até 20/12/2026",
      text: "Crachá — Mototáxi, nº CRA-PTC-2026-000001. Motivo: Sem capacete (Lei 904/1997, art. 28, d). Até 20/12/2026 (inclusive) você não pode prestar o serviço.",
      href: "/credenciais",
    });
    const revoked = nextSteps(
      [],
      [
        {
          ...suspended,
          notice: {
            ...suspended.notice,
            kind: "revoked" as const,
            title: "Cassada: a cassação é definitiva",
            final: "Sem prazo na lei.",
          },
        },
      ],
    );
    expect(revoked.map((c) => c.title)).toEqual(["Credencial cassada: a cassação é definitiva"]);
    expect(revoked[0].text).toContain("Sem prazo na lei.");
  });
});
