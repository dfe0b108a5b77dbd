import type { LoaderFunctionArgs } from "@remix-run/node";
import { rulePackJsonSchema } from "~/domain/rule-packs/json-schema";
import { jsonFileAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";

// The rule-pack format as a JSON Schema (ADR 066): public, like the law it encodes; an editor or
// a prefeitura's tooling validates a pack document against it.
const schema = rulePackJsonSchema();

export const loader = withRefusals(async (_: LoaderFunctionArgs) =>
  jsonFileAnswer(schema, "application/schema+json", "public, max-age=3600", { "Access-Control-Allow-Origin": "*" }),
);
