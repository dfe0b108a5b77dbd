// Invitations to a bond: the operator invites a driver by CPF and e-mail, and the bond exists only
// once the driver accepts in their own portal (/vinculos); the driver may decline, the operator
// cancel. Where the law makes the bond exclusive, it is checked at both ends. The moves are the
// domain's table (app/domain/operators/driver-link.ts); ending a bond is ./driver-link.server.ts.
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { enqueueMail } from "~/utils/mail.server";
import { formatCpf } from "~/domain/br";
import type { Category, RulePack } from "~/domain/rule-packs";
import {
  LINK_IN_FORCE,
  linkMove,
  linkTransition,
  NEW_LINK_STATUS,
  OPEN_LINK_STATUSES,
  type LinkAction,
} from "~/domain/operators/driver-link";
import { activePack } from "./rule-pack.server";
import { ensurePerson } from "./application.server";
import { linkFor } from "./user.server";
import { exclusiveDriverRule } from "./operator-policy.server";
import { operatorCategory } from "./operator.server";
import { nameOf } from "./driver-standing.server";
import type { OperatorRef } from "./driver-link.server";

/** Refuses (409, with the provision) a driver already linked to another operator where the law makes the bond exclusive. */
async function assertNotExclusiveElsewhere(pack: RulePack, category: Category | null, operatorId: string, cpf: string) {
  const rule = category ? exclusiveDriverRule(pack, category) : null;
  if (!rule) return;
  const other = await db.driverLink.findFirst({
    where: { status: LINK_IN_FORCE, operatorId: { not: operatorId }, OR: [{ invitedCpf: cpf }, { person: { cpf } }] },
    include: { operator: { select: { legalName: true, tradeName: true } } },
  });
  if (other) {
    throw new Response(
      `Este condutor já está vinculado a ${nameOf(other.operator)}, e a lei permite o vínculo com uma só empresa (${rule.citation}). O vínculo anterior precisa ser encerrado primeiro.`,
      { status: 409 },
    );
  }
}

export type InviteResult = { linkId: string; hasAccount: boolean };

/**
 * Invites a driver. With an account, the driver is told to accept in the portal; without one, the
 * e-mail invites them to create it (the invitation waits for that CPF). Refused (409/400, nothing
 * changed) when the company is not credentialed yet, the driver is already invited or linked here,
 * is exclusive to another company, or the e-mail belongs to someone else's account.
 */
export async function inviteDriver(
  operator: OperatorRef,
  input: { cpf: string; email: string },
  actor: Actor,
  now = new Date(),
): Promise<InviteResult> {
  if (operator.status !== "ACTIVE")
    throw new Response("A empresa só pode vincular condutores depois de credenciada pela prefeitura.", { status: 409 });
  const open = await db.driverLink.findFirst({
    where: { operatorId: operator.id, invitedCpf: input.cpf, status: { in: [...OPEN_LINK_STATUSES] } },
  });
  if (open)
    throw new Response(
      open.status === LINK_IN_FORCE
        ? "Este condutor já está vinculado à empresa."
        : "Este condutor já foi convidado e ainda não respondeu.",
      { status: 409 },
    );
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  await assertNotExclusiveElsewhere(
    await activePack(municipality),
    await operatorCategory(operator.id),
    operator.id,
    input.cpf,
  );
  const [byCpf, byEmail] = await Promise.all([
    db.user.findUnique({ where: { cpf: input.cpf } }),
    db.user.findUnique({ where: { email: input.email } }),
  ]);
  if (byEmail && byEmail.cpf !== input.cpf)
    throw new Response("Este e-mail pertence à conta de outra pessoa. Confira o e-mail do condutor.", { status: 400 });
  return db.$transaction(async (tx) => {
    const link = await tx.driverLink.create({
      data: {
        operatorId: operator.id,
        personId: null,
        invitedCpf: input.cpf,
        invitedEmail: input.email,
        status: NEW_LINK_STATUS,
        invitedAt: now,
      },
    });
    const company = nameOf(operator);
    if (byCpf) {
      await enqueueMail(tx, byCpf.email, {
        subject: `Convite de vínculo — ${company}`,
        text: `Olá, ${byCpf.name}.\n\n${company} convidou você para se vincular à empresa no Portal de Credenciamento de ${municipality.name}. O vínculo só existe se você aceitar:\n\n${linkFor("/vinculos")}\n\nSe você não conhece esta empresa, recuse o convite.`,
      });
    } else {
      await enqueueMail(tx, input.email, {
        subject: `Convite para o Portal de Credenciamento — ${company}`,
        text: `Olá.\n\n${company} convidou o CPF ${formatCpf(input.cpf)} para se vincular à empresa no Portal de Credenciamento de ${municipality.name}. Para responder, crie sua conta com este CPF:\n\n${linkFor("/cadastro")}\n\nDepois de entrar, abra ${linkFor("/vinculos")} para aceitar ou recusar. Se não for com você, ignore esta mensagem.`,
      });
    }
    await audit(tx, actor, {
      action: "driver_link.invite",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: operator.municipalityId,
      after: { operatorId: operator.id, hasAccount: Boolean(byCpf) },
      at: now,
    });
    return { linkId: link.id, hasAccount: Boolean(byCpf) };
  });
}

/** The driver's invitations and bonds, matched by CPF (invitations may predate the account). */
export async function linksOfUser(user: { id: string; cpf: string }) {
  const person = await db.person.findUnique({ where: { userId: user.id } });
  return db.driverLink.findMany({
    where: { OR: [{ invitedCpf: user.cpf }, ...(person ? [{ personId: person.id }] : [])] },
    include: { operator: { include: { municipality: { select: { name: true, uf: true } } } } },
    orderBy: [{ invitedAt: "desc" }],
  });
}

async function ownInvitation(linkId: string, user: { cpf: string }, action: LinkAction) {
  const link = /^[a-z0-9]{20,40}$/.test(linkId)
    ? await db.driverLink.findUnique({ where: { id: linkId }, include: { operator: true } })
    : null;
  if (!link || link.invitedCpf !== user.cpf) throw new Response("Convite não encontrado.", { status: 404 });
  const to = linkTransition(link.status, action);
  if (!to) throw new Response("Este convite já foi respondido ou cancelado.", { status: 409 });
  return { link, to };
}

/** The driver accepts: the bond begins (the exclusivity rule is checked again at this moment). */
export async function acceptLink(linkId: string, user: { id: string; cpf: string }, actor: Actor, now = new Date()) {
  const { link, to } = await ownInvitation(linkId, user, "accept");
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: link.operator.municipalityId } });
  await assertNotExclusiveElsewhere(
    await activePack(municipality),
    await operatorCategory(link.operatorId),
    link.operatorId,
    user.cpf,
  );
  const person = await ensurePerson(user.id);
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: link.status },
      data: { status: to, personId: person.id, acceptedAt: now },
    });
    if (updated.count !== 1) throw new Response("Este convite já foi respondido.", { status: 409 });
    await audit(tx, actor, {
      action: "driver_link.accept",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: link.operator.municipalityId,
      after: { operatorId: link.operatorId },
      at: now,
    });
  });
}

export async function declineLink(linkId: string, user: { id: string; cpf: string }, actor: Actor, now = new Date()) {
  const { link, to } = await ownInvitation(linkId, user, "decline");
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: link.status },
      data: { status: to, endedAt: now },
    });
    if (updated.count !== 1) throw new Response("Este convite já foi respondido.", { status: 409 });
    await audit(tx, actor, {
      action: "driver_link.decline",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: link.operator.municipalityId,
      at: now,
    });
  });
}

/** The operator withdraws an invitation not yet answered. */
export async function cancelInvitation(operator: OperatorRef, linkId: string, actor: Actor, now = new Date()) {
  const { from, to } = linkMove("cancel");
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: linkId, operatorId: operator.id, status: { in: from } },
      data: { status: to, endedAt: now, endReason: "CONVITE_CANCELADO" },
    });
    if (updated.count !== 1) throw new Response("Convite não encontrado ou já respondido.", { status: 409 });
    await audit(tx, actor, {
      action: "driver_link.cancel",
      subjectType: "DriverLink",
      subjectId: linkId,
      municipalityId: operator.municipalityId,
      at: now,
    });
  });
}
