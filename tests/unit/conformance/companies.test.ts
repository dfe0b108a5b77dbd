// The conformance matrix for companies (issue #29): every shipped pack × category in which its law
// credentials companies × kind of company it admits, from registration to the certificate through
// the models the operator and staff pages call (tests/support/conformance-operator.ts); the
// certificate read back (its PDF's text: razão social, number, validity; its QR: a token the
// verification model answers VÁLIDO) and its validity compared with the period the law sets, or
// the documented default where the law is silent (law-validity.ts).
import { describe, expect, test } from "vitest";
import { Refusal } from "~/domain/refusal";
import { rulesFor } from "~/domain/rule-packs";
import { type CompanyCombo, companyKey, companyMatrix, companyThroughPages } from "../../support/conformance-operator";
import { issuanceDay, readBack } from "../../support/read-back";
import { checkValidity, validitySummary } from "./law-validity";

/**
 * Company combinations the law allows but no page can take to the end — each a defect reported to
 * the lead. An entry here fails the suite (below) until the page exists.
 */
const KNOWN_DEFECTS: Record<string, string> = {};

const combos = companyMatrix().map((c) => ({ ...c, name: `${c.pack.municipality.name} (${c.pack.law.label})` }));

async function explained<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (e instanceof Refusal) throw new Error(`${e.kind}: ${e.message}`);
    throw e;
  }
}

async function certifiedAndReadBack(combo: CompanyCombo) {
  const { pack, category } = combo;
  const { operator, certificate } = await explained(companyThroughPages(combo));
  // Exactly the credentials the law gives a company of this category: its certificate.
  expect(
    rulesFor(pack.credentials, category, "OPERADORA").map((c) => c.type),
    `${companyKey(combo)}: o que a lei emite`,
  ).toEqual([certificate.type]);
  const back = await readBack(certificate.id, { label: "razão social", value: operator.legalName });
  expect(back.layout).toBe("operator");
  expect(certificate.holderOperatorId).toBe(operator.id);
  await checkValidity(pack.id, [certificate], issuanceDay);
}

describe("the company matrix covers what the laws credential", () => {
  test("every pack that credentials companies, with each kind of company it admits", () => {
    // Read from the laws: Itaúna (Lei 4.785/2013, arts. 2º e 6º: pessoa jurídica — empresa or
    // cooperativa), Lavras (Lei 4.544/2019, art. 3º: operadora de plataforma), Jardim (Lei
    // 904/1997, art. 8º: empresa concessionária); Patrocínio credentials natural persons only (art. 6º, § 1º).
    expect(combos.map(companyKey).sort()).toEqual(
      [
        "itauna-mg:MOTOBOY:OPERADORA:COOPERATIVA",
        "itauna-mg:MOTOBOY:OPERADORA:EMPRESA",
        "itauna-mg:MOTOFRETE:OPERADORA:COOPERATIVA",
        "itauna-mg:MOTOFRETE:OPERADORA:EMPRESA",
        "jardim-ms:MOTOTAXI:OPERADORA:CONCESSIONARIA",
        "lavras-mg:APLICATIVO:OPERADORA:PLATAFORMA",
      ].sort(),
    );
  });

  test("no company combination is completed only through a model no page calls (KNOWN_DEFECTS is empty)", () => {
    expect(KNOWN_DEFECTS).toEqual({});
  });
});

describe.each(combos)("$name: $category, $kind", (combo) => {
  const defect = KNOWN_DEFECTS[companyKey(combo)];
  // A known defect must still fail as described (so the entry is dropped once it is fixed).
  const run = defect ? test.fails : test;
  run(
    "is registered, documented, reviewed and approved through the pages' models; its certificate reads back with a QR that verifies VÁLIDO",
    async () => {
      await certifiedAndReadBack(combo);
    },
    60_000,
  );
});

validitySummary(
  "each company certificate lasts what the law sets (or, where it is silent, the documented default)",
  [...new Set(combos.map((c) => c.pack.id))].map((packId) => ({ packId, type: "CERTIFICADO_OPERADOR" })),
);
