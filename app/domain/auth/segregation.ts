// Segregation of duties (ADR 051): nobody acts on an application they are behind, and a staff
// member's own is approved by a gestor. Models ask before every staff act; screens, what to offer.
import type { ApplicationAction } from "~/domain/applications/status";
import { forbidden } from "~/domain/refusal";
import { type Role, STAFF_ROLES, type StaffRole } from "./permissions";

/** The staff acts on an application, each refused to the people behind it. */
export type StaffAct =
  "assign" | "start_review" | "decide_document" | "vistoria" | "request_changes" | "reject" | "approve";

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

export type Applicant = {
  subject: "PESSOA" | "OPERADORA";
  /** The driver's account, or every account that holds (or held) OPERADOR on the company. */
  userIds: readonly string[];
  /** The staff roles those accounts hold in the application's municipality (none: not staff). */
  staffRoles: readonly StaffRole[];
};

/** Who acts: the account (null for the system) and the roles it holds in the municipality. */
type SegregationActor = { userId: string | null; roles: readonly Role[] };

type Segregation =
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

/** Only segregation: the permission itself and the assignment are asked elsewhere. */
export function segregation(actor: SegregationActor, applicant: Applicant, act: StaffAct): Segregation {
  const staffApplication = applicant.staffRoles.length > 0;
  if (actor.userId && applicant.userIds.includes(actor.userId)) {
    const own = applicant.subject === "PESSOA";
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
