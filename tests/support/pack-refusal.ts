// The refusal a pack loader throws, for a test to read its pack, rule and problem; anything else
// thrown is passed on, and a pack that loads fails the test.
import { RulePackValidationError } from "~/domain/rule-packs";

export function packRefusal(load: () => unknown): RulePackValidationError {
  try {
    load();
  } catch (e) {
    if (e instanceof RulePackValidationError) return e;
    throw e;
  }
  throw new Error("o pacote foi carregado");
}
