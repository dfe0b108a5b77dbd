import { describe, expect, it } from "vitest";
import type { EvaluationResult } from "~/domain/eligibility";
import { unmetRequirements } from "~/domain/eligibility/unmet";

const result = (checks: { status: string; message: string; citation: string }[], docs: object[]) =>
  ({ checks, requiredDocuments: docs }) as unknown as EvaluationResult;

describe("why an approval is refused", () => {
  it("names who fails, every check not passed and every document not accepted, with citations", () => {
    const text = unmetRequirements(
      result(
        [
          { status: "PASS", message: "Idade mínima cumprida", citation: "art. 1º" },
          { status: "FAIL", message: "CNH sem EAR", citation: "art. 2º" },
          { status: "PENDING", message: "Vistoria não feita", citation: "art. 3º" },
        ],
        [
          { label: "CNH", status: "ACCEPTED", citation: "art. 4º" },
          { label: "Comprovante", status: "EXPIRING", citation: "art. 4º" },
          { label: "Foto", status: "MISSING", citation: "art. 5º" },
          { label: "Certidão", status: "AWAITING_REVIEW", citation: "art. 6º" },
          { label: "CRLV", status: "REJECTED", citation: "art. 7º" },
          { label: "Seguro", status: "EXPIRED", citation: "art. 8º" },
        ],
      ),
      "a empresa",
    );
    expect(text.split("\n")).toEqual([
      "Não é possível aprovar: a empresa não cumpre a lei.",
      "CNH sem EAR (art. 2º)",
      "Vistoria não feita (art. 3º)",
      "Foto: não enviado (art. 5º)",
      "Certidão: não analisado (art. 6º)",
      "CRLV: recusado (art. 7º)",
      "Seguro: vencido (art. 8º)",
    ]);
  });
});
