// `npm run styles:tokens`: writes the gov.br DS tokens the portal reads (ADR 032). Run it after using
// a new DS token; tests/unit/styles/govbr-tokens.test.ts fails until the file is current.
import { readFileSync, writeFileSync } from "node:fs";
import { subsetTokens } from "../styles/token-subset";
import { DS_TOKENS, TOKENS_FILE, tokenSources } from "./govbr-token-sources";

const before = readFileSync(DS_TOKENS, "utf8");
const subset = subsetTokens(
  before,
  tokenSources().map((s) => s.text),
);
writeFileSync(TOKENS_FILE, subset);
console.log(`${TOKENS_FILE}: ${subset.length} bytes (o arquivo do DS tem ${before.length}).`);
