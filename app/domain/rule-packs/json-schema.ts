// The pack format as a JSON Schema (ADR 066), generated from zRulePack so the two cannot drift:
// published at RULE_PACK_SCHEMA_PATH and kept in docs/rule-pack.schema.json (`npm run
// docs:rule-pack-schema`; a test fails while the copy is stale). It describes what a document may
// contain; what a schema cannot say (an unknown fact, a rule looser than the federal floor, a
// parameter no rule has) is checked by packFromDocument, which is the authority.
import { z } from "zod";
import { PACK_SCHEMA_KEY } from "./document";
import { zRulePack } from "./schema";

/** Where the portal serves the schema; a document's "$schema" may point here. */
export const RULE_PACK_SCHEMA_PATH = "/schemas/rule-pack.json";

export function rulePackJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(zRulePack, { io: "input", unrepresentable: "throw" }) as {
    $schema: string;
    properties: Record<string, unknown>;
  };
  return {
    ...generated,
    title: "Pacote de regras municipal",
    description:
      "A lei de um município sobre motoboys, moto-frete, mototáxi e aplicativo, regra por regra, cada uma com a citação do dispositivo (art., §, inciso, alínea). Ver docs/rule-packs.md.",
    properties: {
      [PACK_SCHEMA_KEY]: { type: "string", description: "Endereço deste esquema, para o editor validar o documento." },
      ...generated.properties,
    },
  };
}
