import { describe, expect, it } from "vitest";
import { redactPersonalData } from "~/domain/jobs/redact";

describe("redactPersonalData (errors shown in the back office)", () => {
  it("masks e-mail addresses, keeping the first letter and the last label", () => {
    expect(redactPersonalData("550 5.1.1 <maria.souza@prefeitura.mg.gov.br>: unknown")).toBe(
      "550 5.1.1 <m***@***.br>: unknown",
    );
    expect(redactPersonalData("para a@b.co e jose+x@gmail.com")).toBe("para a***@***.co e j***@***.com");
  });

  it("masks CPFs and CNPJs with or without punctuation, and long digit runs", () => {
    expect(redactPersonalData("CPF 123.456.789-09 / 12345678909")).toBe("CPF *** / ***");
    expect(redactPersonalData("CNPJ 12.345.678/0001-95")).toBe("CNPJ ***");
    expect(redactPersonalData("telefone 31998765432")).toBe("telefone ***");
  });

  it("keeps what identifies nobody (codes, counts, hosts) and cuts long texts", () => {
    expect(redactPersonalData("ECONNREFUSED 127.0.0.1:587 após 3 tentativas")).toBe(
      "ECONNREFUSED 127.0.0.1:587 após 3 tentativas",
    );
    expect(redactPersonalData("x".repeat(900))).toHaveLength(500);
  });
});
