// Rule packs as the rest of the application sees them. Until the rule-pack registry lands
// (app/domain/rule-packs), the ids of the four shipped packs are listed here.
export const knownRulePackIds = (): string[] => ["itauna-mg", "patrocinio-mg", "lavras-mg", "jardim-ms"];
