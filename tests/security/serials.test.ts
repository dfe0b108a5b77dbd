// Issue #13 item 11 (serial enumeration) and issue #12 (typed codes): walking sequential serials
// through the status route and /v?codigo= must list nobody; a passenger's typed code is read
// whatever its case, spacing or dashes; an incomplete code is "código incompleto", never
// "não embarque".
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseScan } from "~/components/fiscal/qr-text";
import { serialCheck } from "~/credentials/serial-check";
import { CHECK_ALPHABET, parseTypedCode, serialOfTypedCode } from "~/domain/credentials/typed-code";
import { issueCredentials } from "~/models/credentials/issue.server";
import { lookupTypedCode } from "~/models/credentials/typed-code.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { signerFor } from "~/models/signing-key.server";
import { loader as statusLoader } from "~/routes/api.v1.credentials.$serial.status";
import { loader as codeLoader } from "~/routes/v._index";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, testActor } from "../support/factories";

const client = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(255)}`;
const context = () => ({ clientIp: client(), requestId: "teste" }) as never;

async function statusOf(code: string) {
  const response = (await statusLoader({
    request: new Request(`http://localhost/api/v1/credentials/${encodeURIComponent(code)}/status`),
    params: { serial: code },
    context: context(),
  })) as Response;
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

async function pageFor(code: string) {
  const response = (await codeLoader({
    request: new Request(`http://localhost/v?codigo=${encodeURIComponent(code)}`),
    params: {},
    context: context(),
  })) as Response;
  return { status: response.status, html: await response.text() };
}

describe("typed codes: one normaliser (domain)", () => {
  it("reads case, spaces, dots and missing dashes; Crockford look-alikes in the check part", () => {
    const want = { kind: "complete", serial: "PTC-MT-2026-000002", check: "K7Q0", code: "PTC-MT-2026-000002-K7Q0" };
    for (const typed of [
      "PTC-MT-2026-000002-K7Q0",
      "ptc mt 2026 000002 k7q0",
      "ptcmt2026000002k7q0",
      " Ptc.Mt.2026.000002.K7QO ",
      "PTC–MT–2026–000002–K7Q0",
    ]) {
      expect(parseTypedCode(typed)).toEqual(want);
    }
    expect(parseTypedCode("itab-mb-2026-000010-1l1i")).toMatchObject({
      kind: "complete",
      serial: "ITAB-MB-2026-000010",
      check: "1111",
    });
  });

  it("tells a bare serial, an incomplete code and junk apart", () => {
    expect(parseTypedCode("ptc mt 2026 000002")).toEqual({ kind: "serial", serial: "PTC-MT-2026-000002" });
    for (const partial of ["PTC", "ptc-mt-2026", "PTC-MT-2026-0000", "PTC-MT-2026-000002-K7", ""]) {
      expect(parseTypedCode(partial).kind).toBe("incomplete");
    }
    for (const junk of ["<script>", "PTC-MT-2026-000002-K7Q0X", "PTC-MT-2026-000002-K7U0", "1234567"]) {
      expect(parseTypedCode(junk).kind).toBe("invalid");
    }
    expect(serialOfTypedCode("ptc mt 2026 000002 k7q0")).toBe("PTC-MT-2026-000002");
  });

  it("the check part is 4 Crockford characters, and neighbouring serials do not share a predictable one", () => {
    const key = new Uint8Array(32).fill(7);
    const checks = Array.from({ length: 200 }, (_, i) =>
      serialCheck(`PTC-MT-2026-${String(i + 1).padStart(6, "0")}`, key),
    );
    for (const c of checks) expect([...c].every((ch) => CHECK_ALPHABET.includes(ch)) && c.length === 4).toBe(true);
    expect(new Set(checks).size).toBeGreaterThan(190);
    // Another key, other checks: the check is keyed, not a checksum anyone can compute.
    expect(serialCheck("PTC-MT-2026-000001", new Uint8Array(32).fill(8))).not.toBe(checks[0]);
  });

  it("the fiscal's scanner reads typed codes with the same normaliser, and knows a serial without its check part", () => {
    expect(parseScan("ptc mt 2026 000002 k7q0")).toEqual({
      kind: "code",
      serial: "PTC-MT-2026-000002",
      code: "PTC-MT-2026-000002-K7Q0",
    });
    expect(parseScan("ptcmt2026000002")).toEqual({ kind: "serial", serial: "PTC-MT-2026-000002" });
  });
});

describe("serials cannot be walked", () => {
  it("/v?codigo= answers only the whole code, however it is typed; a bare serial or a wrong check is 'código incompleto'", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    const code = typedCodeFor(credential.serial);
    expect(lookupTypedCode(code)).toEqual({ kind: "found", serial: credential.serial });

    const typed = await pageFor(code.toLowerCase().replace(/-/g, " "));
    expect(typed.html).toContain("VÁLIDO");
    expect(typed.html).toContain("Joana Teste"); // the passenger compares the name
    expect(typed.html).toContain(code);

    const wrongCheck = code.slice(0, -4) + (code.endsWith("0000") ? "1111" : "0000");
    for (const attempt of [credential.serial, wrongCheck, credential.serial.slice(0, 11)]) {
      const page = await pageFor(attempt);
      expect(page.status).toBe(200);
      expect(page.html).toContain("CÓDIGO INCOMPLETO");
      expect(page.html).not.toContain("Joana Teste");
      expect(page.html).not.toContain("ABC1D23");
      expect(page.html).not.toMatch(/não embarque|NÃO RECONHECIDO/i);
    }
  });

  it("the status route gives live status only: no holder name, plate or operator", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    await db.credential.update({ where: { id: credential.id }, data: { operatorName: "Empresa X" } });
    for (const asked of [
      credential.serial,
      typedCodeFor(credential.serial),
      credential.serial.toLowerCase().replace(/-/g, ""),
    ]) {
      const { status, json } = await statusOf(asked);
      expect(status).toBe(200);
      expect(json).toMatchObject({
        verdict: "VALID",
        credential: {
          serial: credential.serial,
          type: "CRACHA",
          category: "MOTOTAXI",
          validFrom: credential.validFrom,
          validUntil: credential.validUntil,
          municipality: { ibge: m.ibgeCode },
        },
      });
      expect(Object.keys(json.credential).sort()).toEqual([
        "category",
        "municipality",
        "serial",
        "type",
        "validFrom",
        "validUntil",
      ]);
      expect(JSON.stringify(json)).not.toMatch(/Joana|ABC1D23|Empresa X/);
    }
    // Sequential walking: the neighbours say nothing about anyone either.
    const next = credential.serial.replace(/\d{6}$/, (n) => String((Number(n) + 1) % 1_000_000).padStart(6, "0"));
    const walked = await statusOf(next);
    expect(JSON.stringify(walked.json)).not.toMatch(/holderName|plate|operator/);
    // A typed code with a wrong check part is refused, not looked up.
    const code = typedCodeFor(credential.serial);
    const wrong = await statusOf(code.slice(0, -4) + (code.endsWith("0000") ? "1111" : "0000"));
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: { code: "malformed_serial" } });
  });

  it("issuance prints the whole typed code on the PDF, not the bare serial", async () => {
    const m = await createMunicipality();
    const signer = await signerFor(m.id, testActor);
    const [issued] = await db.$transaction((tx) =>
      issueCredentials(
        tx,
        m,
        [
          {
            type: "SELO_VISTORIA",
            category: "MOTOTAXI",
            holderName: "Joana Teste",
            plate: "ABC1D23",
            validFrom: "2026-01-01",
            validUntil: "2026-12-31",
            layout: ({ serial, qrText, domain, registrationNumber }) => ({
              layout: "seal",
              data: {
                issuer: { municipality: m.name, uf: "MG", timeZone: "America/Sao_Paulo" },
                category: { label: "MOTOTÁXI" },
                registrationCode: registrationNumber,
                plate: "ABC-1D23",
                vistoriaValidUntil: "2026-12-31",
                legalBasis: null,
                verification: { serial, qrText, domain },
              },
            }),
          },
        ],
        signer,
        testActor,
        { now: new Date("2026-01-01T12:00:00Z") },
      ),
    );
    const layout = JSON.parse(issued.renderDataJson) as {
      data: { verification: { serial: string }; registrationCode: string };
    };
    expect(layout.data.verification.serial).toBe(typedCodeFor(issued.serial));
    expect(layout.data.verification.serial).toMatch(new RegExp(`^${issued.serial}-[${CHECK_ALPHABET}]{4}$`));
    expect(layout.data.registrationCode).toBe(issued.serial);
  });
});
