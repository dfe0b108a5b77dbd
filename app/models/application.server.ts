// Applications (requerimentos): creation, the wizard's draft, and every status change — through
// the domain's transition table, audited, in one transaction; an illegal move is a 409.
import { parseDraft, titularCpfOf, type VehicleDraft } from "~/domain/applications/draft";
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationAction,
  type ApplicationStatus,
  isEditable,
  OPEN_STATUSES,
  sendAction,
  transition,
} from "~/domain/applications/status";
import { STAFF_ACT_OF } from "~/domain/auth/segregation";
import { needsFile } from "~/domain/eligibility/document-status";
import { conflict, invalid, notFound } from "~/domain/refusal";
import { type Category, categoryOffer, type Mode, offers } from "~/domain/rule-packs";
import { today } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { evaluateApplication } from "./application-facts.server";
import { numbered, numberYear, takeNumber } from "./counter.server";
import { activePack, packAtVersion } from "./rule-pack.server";
import { assertSegregated, segregationNote } from "./segregation.server";
import { tellNamedTitular } from "./titular-mail.server";
import { linkFor } from "./user.server";

/** The municipality's civil "today": `today(now, municipality.timeZone)` (app/domain/time.ts). */
export { today };

/** The requerimento number (drivers' and companies' applications share the counter). */
export async function nextApplicationNumber(
  tx: Tx,
  municipality: { id: string; serialPrefix: string; timeZone: string },
  now: Date,
): Promise<string> {
  const year = numberYear(now, municipality.timeZone);
  return numbered(`REQ-${municipality.serialPrefix}-${year}`, await takeNumber(tx, `req:${municipality.id}:${year}`));
}

export async function ensurePerson(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return (
    (await db.person.findUnique({ where: { userId } })) ??
    db.person.create({ data: { userId, fullName: user.name, cpf: user.cpf } })
  );
}

/** Starts a draft, or returns the open application the driver already has for that category. */
export async function startApplication(
  userId: string,
  input: {
    municipalityId: string;
    category: Category;
    mode: Mode;
    linkedOperatorId?: string | null;
    kind?: "NEW" | "RENEWAL";
    renewalOfId?: string | null;
    draftJson?: string;
  },
  actor: Actor,
  /** The clock: the number takes the municipality's civil year at this instant. */
  now: Date = new Date(),
) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: input.municipalityId } });
  const pack = await activePack(municipality);
  if (!categoryOffer(pack, input.category) || !offers(pack, input.category, input.mode)) {
    throw invalid("Categoria ou forma de trabalho não prevista na lei deste município.");
  }
  const person = await ensurePerson(userId);
  return db.$transaction(async (tx) => {
    // Touching the person's row first serialises concurrent starts: the second finds the first's application.
    await tx.person.update({ where: { id: person.id }, data: { updatedAt: now } });
    const open = await tx.application.findFirst({
      where: {
        personId: person.id,
        municipalityId: municipality.id,
        category: input.category,
        status: { in: [...OPEN_STATUSES] },
      },
    });
    if (open) return { application: open, existing: true };
    const number = await nextApplicationNumber(tx, municipality, now);
    const app = await tx.application.create({
      data: {
        number,
        municipalityId: municipality.id,
        personId: person.id,
        category: input.category,
        mode: input.mode,
        linkedOperatorId: input.linkedOperatorId ?? null,
        packId: pack.id,
        packVersion: pack.version,
        kind: input.kind ?? "NEW",
        renewalOfId: input.renewalOfId ?? null,
        draftJson: input.draftJson ?? "{}",
      },
    });
    await tx.applicationStatusChange.create({
      data: { applicationId: app.id, fromStatus: null, toStatus: "DRAFT", actorId: actor.userId },
    });
    await audit(tx, actor, {
      action: "application.create",
      subjectType: "Application",
      subjectId: app.id,
      municipalityId: municipality.id,
      after: { number, category: input.category, mode: input.mode, kind: app.kind },
    });
    const titularCpf = titularCpfOf(app);
    if (titularCpf && titularCpf !== person.cpf) await tellNamedTitular(tx, app, titularCpf, person, municipality);
    return { application: app, existing: false };
  });
}

export async function getApplication(id: string) {
  return db.application.findUnique({
    where: { id },
    include: {
      municipality: true,
      person: {
        include: { user: { select: { id: true, email: true, name: true, cpf: true, cpfConfirmedAt: true } } },
      },
      operator: { select: { id: true, legalName: true, tradeName: true, cnpj: true } },
      history: { orderBy: { at: "asc" } },
    },
  });
}
export type ApplicationWithRelations = NonNullable<Awaited<ReturnType<typeof getApplication>>>;

/** The application if it belongs to the user, else a 404 (someone else's id reveals nothing). */
export async function requireOwnApplication(id: string | undefined, userId: string) {
  const app = id ? await getApplication(id) : null;
  if (!app || app.person?.userId !== userId) throw notFound("Requerimento não encontrado.");
  return app;
}

export async function listOwnApplications(userId: string) {
  return db.application.findMany({
    where: { person: { userId } },
    include: { municipality: { select: { name: true, uf: true } } },
    orderBy: { createdAt: "desc" },
  });
}

/** Saves the vehicle part of the draft (the driver's personal data lives on Person). */
export async function saveVehicleDraft(app: { id: string; draftJson: string; status: string }, vehicle: VehicleDraft) {
  assertEditable(app.status as ApplicationStatus);
  const draft = parseDraft(app.draftJson);
  await db.application.update({ where: { id: app.id }, data: { draftJson: JSON.stringify({ ...draft, vehicle }) } });
}

export function assertEditable(status: ApplicationStatus) {
  if (!isEditable(status)) {
    throw conflict(`Este requerimento está "${APPLICATION_STATUS_LABELS[status]}" e não pode ser alterado agora.`);
  }
}

/** The evaluation of the application under the pack version it is judged by. */
export async function evaluateFor(
  app: ApplicationWithRelations | (Parameters<typeof evaluateApplication>[0] & { packVersion: string }),
  date?: string,
) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: app.municipalityId } });
  date ??= today(new Date(), municipality.timeZone);
  const pack = await packAtVersion(municipality, app.packVersion);
  return { pack, result: await evaluateApplication(app, pack, date) };
}

const DECISION_MAILS: Partial<Record<ApplicationAction, (n: string) => { subject: string; intro: string }>> = {
  request_changes: (n) => ({
    subject: `Correções solicitadas no requerimento ${n}`,
    intro: "A prefeitura analisou seu requerimento e pediu correções:",
  }),
  approve: (n) => ({ subject: `Requerimento ${n} aprovado`, intro: "Seu requerimento foi aprovado." }),
  issue: (n) => ({
    subject: `Credencial emitida — requerimento ${n}`,
    intro: "Sua credencial foi emitida. Baixe o crachá e o certificado no portal.",
  }),
  reject: (n) => ({ subject: `Requerimento ${n} indeferido`, intro: "Seu requerimento foi indeferido." }),
};

/**
 * Moves the application by the action, or refuses with 409 (403 by segregation, ADR 051).
 * `expectedStatus` guards against two people acting at once; `inTx` runs in the same transaction.
 */
export async function applyAction(
  appId: string,
  action: ApplicationAction,
  actor: Actor,
  opts: { reason?: string | null; expectedStatus?: ApplicationStatus; tx?: Tx; now?: Date } = {},
) {
  const run = async (tx: Tx) => {
    const app = await tx.application.findUnique({
      where: { id: appId },
      include: { person: { include: { user: true } } },
    });
    if (!app) throw notFound("Requerimento não encontrado.");
    // Segregation of duties (ADR 051); the audit says when a gestor approved a staff member's application.
    const act = STAFF_ACT_OF[action];
    const duty = act ? await assertSegregated(tx, app, actor, act) : null;
    // A disabled account (the prefeitura's call, or a CPF claimed through gov.br: ADR 054) gets nothing issued.
    if (action === "approve" && app.person?.user?.disabledAt)
      throw conflict(
        "A conta de quem fez este requerimento está desativada (por exemplo, o CPF foi contestado por quem o comprovou no gov.br): ele não pode ser aprovado.",
      );
    const from = app.status as ApplicationStatus;
    if (opts.expectedStatus && opts.expectedStatus !== from) {
      throw conflict("Outra pessoa alterou este requerimento agora há pouco. Recarregue a página.");
    }
    const t = transition(from, action);
    if (!t.ok) throw conflict(`Não é possível fazer isso com um requerimento "${APPLICATION_STATUS_LABELS[from]}".`);
    const now = opts.now ?? new Date();
    const updated = await tx.application.updateMany({
      where: { id: app.id, status: from, rowVersion: app.rowVersion },
      data: {
        status: t.to,
        rowVersion: { increment: 1 },
        ...(action === "submit" || action === "resubmit" ? { submittedAt: now } : {}),
        ...(["approve", "reject"].includes(action) ? { decidedAt: now } : {}),
      },
    });
    if (updated.count !== 1)
      throw conflict("Outra pessoa alterou este requerimento agora há pouco. Recarregue a página.");
    await tx.applicationStatusChange.create({
      data: {
        applicationId: app.id,
        fromStatus: from,
        toStatus: t.to,
        actorId: actor.userId,
        reason: opts.reason ?? null,
        at: now,
      },
    });
    await audit(tx, duty?.gestorApproval ? { ...actor, role: "GESTOR" } : actor, {
      action: `application.${action}`,
      subjectType: "Application",
      subjectId: app.id,
      municipalityId: app.municipalityId,
      before: { status: from },
      after: { status: t.to, ...(opts.reason ? { reason: opts.reason } : {}), ...segregationNote(duty) },
    });
    const mail = DECISION_MAILS[action]?.(app.number);
    if (mail) {
      // A driver's application tells the driver; a company's tells its team.
      const recipients = app.person?.user
        ? [{ name: app.person.user.name, email: app.person.user.email, path: `/requerimentos/${app.id}` }]
        : app.operatorId
          ? (
              await tx.roleAssignment.findMany({
                where: { operatorId: app.operatorId, role: "OPERADOR", disabledAt: null },
                include: { user: true },
              })
            ).map((r) => ({ name: r.user.name, email: r.user.email, path: `/operadora/${app.operatorId}` }))
          : [];
      for (const to of recipients) {
        const text = `Olá, ${to.name}.\n\n${mail.intro}${opts.reason ? `\n\n${opts.reason}` : ""}\n\nAcompanhe em: ${linkFor(to.path)}`;
        await enqueueMail(tx, to.email, { subject: mail.subject, text });
      }
    }
    return { from, to: t.to };
  };
  return opts.tx ? run(opts.tx) : db.$transaction(run);
}

/** What stops the driver from submitting, in plain Portuguese (empty when it can be sent). */
export function submissionBlockers(result: Awaited<ReturnType<typeof evaluateFor>>["result"]): string[] {
  const blockers: string[] = [];
  // A full quota stops the approval, not the request (the town may keep a waiting list or open a tender).
  for (const c of result.checks)
    if (c.status === "FAIL" && !c.id.startsWith("quota")) blockers.push(`${c.message} (${c.citation})`);
  for (const d of result.requiredDocuments) {
    // The titular's papers for a preposto (Lei 4.883/2017, art. 14): sent from the titular's /prepostos.
    if (d.submittedBy === "TITULAR" && needsFile(d.status))
      blockers.push(`Aguardando o titular: ${d.label} (${d.citation}) — o titular envia pela página Prepostos.`);
    if (d.submittedBy !== "REQUERENTE") continue;
    if (d.status === "MISSING") blockers.push(`Falta enviar: ${d.label}.`);
    if (d.status === "REJECTED") blockers.push(`Envie de novo: ${d.label}${d.reason ? ` — ${d.reason}` : ""}.`);
    if (d.status === "EXPIRED") blockers.push(`Documento vencido: ${d.label}.`);
  }
  return blockers;
}

/** Submits (or resubmits after corrections) when nothing blocks it. */
export async function submitApplication(app: ApplicationWithRelations, actor: Actor) {
  const { result } = await evaluateFor(app);
  const blockers = submissionBlockers(result);
  if (blockers.length) return { ok: false as const, blockers };
  await applyAction(app.id, sendAction(app.status) ?? "submit", actor, {
    expectedStatus: app.status as ApplicationStatus,
  });
  return { ok: true as const };
}
