// Rule packs as the rest of the application sees them: the shipped packs of the registry.
import { allPacks } from "~/domain/rule-packs";

export const knownRulePackIds = (): string[] => allPacks.map((p) => p.id);
