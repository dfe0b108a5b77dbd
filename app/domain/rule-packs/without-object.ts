// Requirements a law names that have no object today (the DPVAT, ADR 056).
import type { BaselinePack, NotApplicable } from "./federal";
import { federalBr } from "./federal-br";
import type { DocumentRequirement, RulePack } from "./schema";

/** Shown with why it is not asked: a pack document (MUNICIPAL) or a baseline `notApplicable` (FEDERAL). */
export interface WithoutObject {
  type: string;
  label: string;
  /** The provision that asks it. */
  citation: string;
  reason: string;
  basis: string[];
  layer: "MUNICIPAL" | "FEDERAL";
  /** The SWITCH parameter that makes the municipality ask it anyway (MUNICIPAL only). */
  askParameter: string | null;
}

export const notApplicableRow = (n: NotApplicable) => ({
  type: n.code,
  label: n.label,
  citation: n.citation,
  reason: n.reason,
  basis: n.basis,
});

/** The pack's documents split into those asked and those without object (not switched back on). */
export function withoutObjectSplit(pack: RulePack, docs: DocumentRequirement[], baseline: BaselinePack) {
  const asked: DocumentRequirement[] = [];
  const withoutObject: WithoutObject[] = [];
  for (const d of docs) {
    const basis = d.withoutObject && baseline.notApplicable.find((n) => n.code === d.withoutObject!.basis);
    if (!d.withoutObject || !basis || pack.parameters[d.withoutObject.askParameter]?.value === 1) {
      asked.push(d);
      continue;
    }
    withoutObject.push({
      ...notApplicableRow(basis),
      type: d.type,
      label: d.label,
      citation: d.citation,
      layer: "MUNICIPAL",
      askParameter: d.withoutObject.askParameter,
    });
  }
  return { asked, withoutObject };
}

/** What makes a pack's documents without object invalid: no federal basis, no usable switch. */
export function withoutObjectProblems(pack: RulePack): Array<{ rule: string; problem: string }> {
  const problems: Array<{ rule: string; problem: string }> = [];
  for (const d of pack.documents) {
    if (!d.withoutObject) continue;
    const { basis, askParameter } = d.withoutObject;
    if (!federalBr.notApplicable.some((n) => n.code === basis))
      problems.push({
        rule: d.type,
        problem: `sem objeto por "${basis}", que a camada federal não registra como inaplicável`,
      });
    const p = pack.parameters[askParameter];
    if (!p || p.unit !== "SWITCH" || !p.editable || (p.value !== 0 && p.value !== 1))
      problems.push({
        rule: d.type,
        problem: `o parâmetro "${askParameter}" (liga e desliga, 0 ou 1, editável pelo gestor) é obrigatório para um documento sem objeto`,
      });
  }
  for (const [key, p] of Object.entries(pack.parameters))
    if (p.unit === "SWITCH" && p.value !== null && p.value !== 0 && p.value !== 1)
      problems.push({ rule: key, problem: "um parâmetro de ligar e desligar vale 0 ou 1" });
  return problems;
}
