// Small helpers shared by the check modules.
import type { RulePack } from "~/domain/rule-packs";
import type { IsoDate } from "./calendar";
import type { Check, CheckStatus, OperatorFacts, PersonFacts, RequiredDocument, VehicleFacts } from "./types";

export interface CheckContext {
  pack: RulePack;
  date: IsoDate;
  person: PersonFacts;
  vehicle: VehicleFacts;
  operator: OperatorFacts;
  /** Statuses already computed for the documents on file (a rule may defer to one). */
  documents: readonly RequiredDocument[];
}

export function missing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

export function makeCheck(
  rule: { id: string; citation: string },
  status: CheckStatus,
  message: string,
  details: Record<string, unknown> = {},
): Check {
  return { id: rule.id, status, citation: rule.citation, message, details };
}

export function yesNo(
  rule: { id: string; citation: string },
  value: boolean | null | undefined,
  messages: { pass: string; fail: string; pending: string },
  details: Record<string, unknown> = {},
): Check {
  if (missing(value)) return makeCheck(rule, "PENDING", messages.pending, details);
  return makeCheck(rule, value ? "PASS" : "FAIL", value ? messages.pass : messages.fail, { ...details, value });
}
