// `npm run docs:rule-pack-schema`: writes docs/rule-pack.schema.json from the pack's zod schema
// (ADR 066). Run it after changing app/domain/rule-packs/schema.ts; a unit test fails until the
// copy is current.
import { writeFileSync } from "node:fs";
import { rulePackJsonSchema } from "../domain/rule-packs/json-schema";

const RULE_PACK_SCHEMA_FILE = "docs/rule-pack.schema.json";

const text = `${JSON.stringify(rulePackJsonSchema(), null, 2)}\n`;
writeFileSync(RULE_PACK_SCHEMA_FILE, text);
console.log(`${RULE_PACK_SCHEMA_FILE}: ${text.length} bytes.`);
