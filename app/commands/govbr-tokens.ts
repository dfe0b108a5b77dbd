// `npm run styles:tokens`: writes app/styles/govbr-tokens.css, the gov.br DS tokens the portal
// reads (ADR 032). Run it after using a DS token the portal did not use before; the unit test
// tests/unit/styles/govbr-tokens.test.ts fails until the file is current.
import { readFileSync, writeFileSync } from "node:fs";
import { tokenSources, TOKENS_FILE, DS_TOKENS } from "./govbr-token-sources";
import { subsetTokens } from "../styles/token-subset";

const before = readFileSync(DS_TOKENS, "utf8");
const subset = subsetTokens(
  before,
  tokenSources().map((s) => s.text),
);
writeFileSync(TOKENS_FILE, subset);
console.log(`${TOKENS_FILE}: ${subset.length} bytes (o arquivo do DS tem ${before.length}).`);
