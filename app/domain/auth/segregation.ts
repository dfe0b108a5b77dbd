// Segregation of duties (ADR 051): nobody reviews, inspects or approves an application they are
// behind, and a staff member's own application is approved by a gestor. Pure: the models read who
// the applicant is and which roles each person holds, then ask `segregation` before every staff
// act on an application; the staff screens ask the same function what to offer.
import { forbidden } from "~/domain/refusal";
import { STAFF_ROLES, type Role, type StaffRole } from "./permissions";
import type { ApplicationAction } from "~/domain/applications/status";

/** The staff acts on an application, each refused to the people behind it. */
export const STAFF_ACTS = [
  "assign",
  "start_review",
  "decide_document",
  "vistoria",
  "request_changes",
  "reject",
  "approve",
] as const;
export type StaffAct = (typeof STAFF_ACTS)[number];

/** The staff act each transition of an application is (the applicant's own moves are none). */
export const STAFF_ACT_OF: Record<ApplicationAction, StaffAct | null> = {
  submit: null,
  resubmit: null,
  withdraw: null,
  start_review: "start_review",
  request_changes: "request_changes",
  reject: "reject",
  approve: "approve",
  issue: "approve",
};

/** Who is behind an application. */
export type Applicant = {
  /** A driver's application ("PERSON") or a company's ("OPERATOR"). */
  subject: "PERSON" | "OPERATOR";
  /** The driver's account, or every account that holds (or held) OPERADOR on the company. */
  userIds: readonly string[];
  /** The staff roles those accounts hold in the application's municipality (none: not staff). */
  staffRoles: readonly StaffRole[];
};

/** Who acts: the account (null for the system) and the roles it holds in the municipality. */
export type SegregationActor = { userId: string | null; roles: readonly Role[] };

export type Segregation =
  | {
      allowed: true;
      /** Someone behind the application holds a staff role in its municipality. */
      staffApplication: boolean;
      /** The act is the approval of a staff member's application, by a gestor (audited as such). */
      gestorApproval: boolean;
    }
  | { allowed: false; reason: "own" | "member" | "gestor"; message: string };

/** The act, in words, with the object it takes ("o" form and "do" form). */
const ACT_WORDS: Record<StaffAct, (o: string, doForm: string) => string> = {
  assign: (o) => `assumir ${o}`,
  start_review: (o) => `analisar ${o}`,
  decide_document: (_o, d) => `decidir os documentos ${d}`,
  vistoria: (_o, d) => `fazer a vistoria ${d}`,
  request_changes: (_o, d) => `pedir correções ${d.replace(/^do /, "no ")}`,
  reject: (o) => `indeferir ${o}`,
  approve: (o) => `aprovar ${o}`,
};

/** What the staff screens say instead of the actions this rule refuses. */
export const SEGREGATION_NOTICES = {
  own: "Requerimento seu — outra pessoa da equipe analisa.",
  member: "Requerimento da sua empresa — outra pessoa da equipe analisa.",
  staff: "Requerimento de uma pessoa da equipe da prefeitura — a aprovação cabe a um gestor.",
} as const;

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Whether the actor may do the act on the application. The applicant — and, for a company's
 * application, any of its members — may do none of the staff acts; the approval of an application
 * with a staff member behind it needs a gestor who is not behind it. Everything else (the
 * permission to do the act at all, the assignment) is asked elsewhere.
 */
export function segregation(actor: SegregationActor, applicant: Applicant, act: StaffAct): Segregation {
  const staffApplication = applicant.staffRoles.length > 0;
  if (actor.userId && applicant.userIds.includes(actor.userId)) {
    const own = applicant.subject === "PERSON";
    const o = own ? "o seu próprio requerimento" : "o requerimento de uma empresa da qual você faz parte";
    const d = own ? "do seu próprio requerimento" : "do requerimento de uma empresa da qual você faz parte";
    return {
      allowed: false,
      reason: own ? "own" : "member",
      message: `Você não pode ${ACT_WORDS[act](o, d)}: outra pessoa da equipe da prefeitura o analisa.`,
    };
  }
  if (act === "approve" && staffApplication && !actor.roles.includes("GESTOR")) {
    return {
      allowed: false,
      reason: "gestor",
      message:
        "Este requerimento é de uma pessoa da equipe da prefeitura: a aprovação cabe a um gestor que não seja o requerente.",
    };
  }
  return { allowed: true, staffApplication, gestorApproval: act === "approve" && staffApplication };
}

/** `segregation`, throwing its refusal as a forbidden (403). */
export function assertSegregation(
  actor: SegregationActor,
  applicant: Applicant,
  act: StaffAct,
): Extract<Segregation, { allowed: true }> {
  const verdict = segregation(actor, applicant, act);
  if (!verdict.allowed) throw forbidden(verdict.message);
  return verdict;
}
