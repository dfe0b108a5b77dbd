// A rule pack is a document (ADR 066): the shipped cities are JSON files validated by the published
// JSON Schema, and a document loads through the same checks as any pack, refusing bad input in
// pt-BR with the rule and the place.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { checkPackDocument, documentOfPack, packFromDocument, parsePackDocument } from "~/domain/rule-packs";
import { RULE_PACK_SCHEMA_PATH, rulePackJsonSchema } from "~/domain/rule-packs/json-schema";
import { allPacks, lavrasMg } from "~/domain/rule-packs/shipped";
import { loader } from "~/routes/schemas.rule-pack[.]json";
import { packRefusal } from "../../../support/pack-refusal";

const CITIES = "app/domain/rule-packs/cities";
const documents = readdirSync(CITIES)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ file: join(CITIES, f), text: readFileSync(join(CITIES, f), "utf8") }));
const lavrasText = documents.find((d) => d.file.endsWith("lavras-mg.json"))!.text;

describe("the shipped packs are documents", () => {
  it("one JSON document per shipped pack, and every shipped pack comes from one", () => {
    expect(documents.map((d) => d.file.replace(/^.*\/|\.json$/g, "")).sort()).toEqual(allPacks.map((p) => p.id).sort());
    // Beside each document, only the text of its law (tests/unit/domain/laws/structure.test.ts).
    expect(readdirSync(CITIES).filter((f) => !f.endsWith(".json") && !f.endsWith(".law.txt"))).toEqual([]);
  });

  it("each validates against the published JSON Schema, which it names", () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(rulePackJsonSchema());
    for (const { file, text } of documents) {
      const document = JSON.parse(text);
      expect(validate(document), `${file}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      expect(resolve(dirname(file), document.$schema)).toBe(resolve("docs/rule-pack.schema.json"));
    }
  });

  it("the schema refuses what the format refuses: a rule without its citation", () => {
    const validate = new Ajv2020({ strict: false }).compile(rulePackJsonSchema());
    const document = JSON.parse(lavrasText);
    delete document.personRules[0].citation;
    expect(validate(document)).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ params: { missingProperty: "citation" } }));
  });

  it("docs/rule-pack.schema.json is the schema the format generates (npm run docs:rule-pack-schema)", () => {
    expect(JSON.parse(readFileSync("docs/rule-pack.schema.json", "utf8"))).toEqual(rulePackJsonSchema());
  });

  it("is served at its stable address, open to any origin", async () => {
    const response = (await loader({
      request: new Request(`http://localhost${RULE_PACK_SCHEMA_PATH}`),
      params: {},
      context: { clientIp: "127.0.0.1", requestId: "schema" },
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/schema+json; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual(rulePackJsonSchema());
  });
});

describe("loading a pack document", () => {
  it("loads to the same pack as the shipped one, with or without its $schema", () => {
    expect(parsePackDocument(lavrasText)).toEqual(lavrasMg);
    const { $schema: _, ...withoutSchema } = JSON.parse(lavrasText);
    expect(packFromDocument(withoutSchema)).toEqual(lavrasMg);
  });

  it("refuses a syntax error naming its line and column", () => {
    const broken = lavrasText.replace('"version": "1.0.0",', '"version": "1.0.0"');
    const line = broken.slice(0, broken.indexOf('"effectiveDate"')).split("\n").length;
    const e = packRefusal(() => parsePackDocument(broken));
    expect(e.message).toContain("não é JSON válido");
    expect(e.message).toContain(`linha ${line}, coluna 3`);
  });

  it("refuses what is not an object, and a $schema that is not an address", () => {
    expect(packRefusal(() => parsePackDocument("[]")).message).toContain("deve ser um objeto JSON");
    expect(packRefusal(() => packFromDocument({ ...JSON.parse(lavrasText), $schema: 3 })).rule).toBe("$schema");
  });

  it("refuses a rule without its citation, naming the rule and the field", () => {
    const document = JSON.parse(lavrasText);
    const rule = document.vehicleRules[0];
    delete rule.citation;
    const e = packRefusal(() => packFromDocument(document));
    expect(e.packId).toBe("lavras-mg");
    expect(e.rule).toBe(rule.id);
    expect(e.problem).toContain("citation");
  });

  it("refuses a pack that quotes its law but leaves a citation without its words, or quotes what no rule cites", () => {
    const missing = JSON.parse(lavrasText);
    delete missing.quotes["Lei 4.544/2019, art. 10, III"];
    expect(packRefusal(() => packFromDocument(missing)).problem).toBe(
      'falta o trecho da lei citado em "Lei 4.544/2019, art. 10, III"',
    );
    const extra = JSON.parse(lavrasText);
    extra.quotes["Lei 4.544/2019, art. 2º, I"] = "compor o sistema de mobilidade do Município;";
    expect(packRefusal(() => packFromDocument(extra)).problem).toContain("que nenhuma regra cita");
  });

  it("refuses a rule looser than the federal floor, as a TypeScript pack was", () => {
    const document = JSON.parse(lavrasText);
    document.personRules = document.personRules.filter((r: { kind: string }) => r.kind !== "CNH_CATEGORY");
    document.personRules.push({
      id: "cnh_category",
      kind: "CNH_CATEGORY",
      anyOf: ["A"],
      label: "A",
      citation: "Lei 4.544/2019, art. 9º, I",
      appliesTo: { modes: ["VINCULADO"] },
    });
    expect(packRefusal(() => packFromDocument(document)).problem).toContain("camada federal");
  });
});

describe("checking a document in the editor", () => {
  it("lists every problem at once, each naming its rule", () => {
    const document = JSON.parse(lavrasText);
    document.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years = "oito";
    document.personRules.find((r: { id: string }) => r.id === "cnh_category").anyOf = ["Z"];
    const { pack, problems } = checkPackDocument(JSON.stringify(document));
    expect(pack).toBeNull();
    expect(problems.map((p) => p.rule)).toEqual(expect.arrayContaining(["vehicle_age", "cnh_category"]));
  });

  it("names a syntax error's line, and gives the pack when nothing is wrong", () => {
    expect(checkPackDocument('{\n  "id": "x",\n}').problems[0].problem).toContain("linha 3");
    expect(checkPackDocument(lavrasText).pack?.id).toBe("lavras-mg");
  });

  it("writes a pack in force back as a document that loads to the same pack", () => {
    for (const pack of allPacks) {
      const text = documentOfPack(pack, RULE_PACK_SCHEMA_PATH);
      expect(JSON.parse(text).$schema).toBe(RULE_PACK_SCHEMA_PATH);
      expect(isDeepStrictEqual(checkPackDocument(text).pack, pack)).toBe(true);
    }
  });
});
