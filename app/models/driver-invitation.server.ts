// Invitations to a bond: it exists only once the driver accepts in their portal (/vinculos); an
// exclusive bond is checked at both ends. Moves: app/domain/operators/driver-link.ts.
import { maskCpf } from "~/domain/br";
import { isId } from "~/domain/ids";
import {
  LINK_IN_FORCE,
  type LinkAction,
  linkMove,
  linkTransition,
  NEW_LINK_STATUS,
  OPEN_LINK_STATUSES,
} from "~/domain/operators/driver-link";
import { conflict, notFound } from "~/domain/refusal";
import type { Category, RulePack } from "~/domain/rule-packs";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { ensurePerson } from "./application.server";
import type { OperatorRef } from "./driver-link.server";
import { nameOf } from "./driver-standing.server";
import { operatorCategory } from "./operator.server";
import { exclusiveDriverRule } from "./operator-policy.server";
import { activePack } from "./rule-pack.server";
import { linkFor } from "./user.server";

/** 409, with the provision, for a driver linked elsewhere where the law makes the bond exclusive. */
async function assertNotExclusiveElsewhere(pack: RulePack, category: Category | null, operatorId: string, cpf: string) {
  const rule = category ? exclusiveDriverRule(pack, category) : null;
  if (!rule) return;
  const other = await db.driverLink.findFirst({
    where: { status: LINK_IN_FORCE, operatorId: { not: operatorId }, OR: [{ invitedCpf: cpf }, { person: { cpf } }] },
    include: { operator: { select: { legalName: true, tradeName: true } } },
  });
  if (other) {
    throw conflict(
      `Este condutor já está vinculado a ${nameOf(other.operator)}, e a lei permite o vínculo com uma só empresa (${rule.citation}). O vínculo anterior precisa ser encerrado primeiro.`,
    );
  }
}

type InviteResult = { linkId: string };

/**
 * Invites a driver; only the account with both the CPF and the e-mail may accept (issue #35). The
 * answer never reveals accounts or other bonds (exclusivity is checked on accepting); 409 only
 * for what the company itself did.
 */
export async function inviteDriver(
  operator: OperatorRef,
  input: { cpf: string; email: string },
  actor: Actor,
  now = new Date(),
): Promise<InviteResult> {
  if (operator.status !== "ACTIVE")
    throw conflict("A empresa só pode vincular condutores depois de credenciada pela prefeitura.");
  const open = await db.driverLink.findFirst({
    where: { operatorId: operator.id, invitedCpf: input.cpf, status: { in: [...OPEN_LINK_STATUSES] } },
  });
  if (open)
    throw conflict(
      open.status === LINK_IN_FORCE
        ? "Este condutor já está vinculado à empresa."
        : "Este condutor já foi convidado e ainda não respondeu.",
    );
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
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
    await enqueueMail(tx, input.email, {
      subject: `Convite de vínculo — ${company}`,
      text: `Olá.\n\n${company} convidou o CPF ${maskCpf(input.cpf)} para se vincular à empresa no Portal de Credenciamento de ${municipality.name}. O vínculo só existe se a pessoa dona deste CPF aceitar.\n\nPara responder, entre no portal com a conta deste CPF e deste e-mail (${input.email}) e abra:\n\n${linkFor("/vinculos")}\n\nSe ainda não tem conta, crie em ${linkFor("/cadastro")} com este CPF e este e-mail. O convite só pode ser aceito pela conta com este e-mail: se a sua conta usa outro, peça à empresa um convite para ele.\n\nSe você não conhece esta empresa ou este CPF não é seu, ignore esta mensagem.`,
    });
    await audit(tx, actor, {
      action: "driver_link.invite",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: operator.municipalityId,
      after: { operatorId: operator.id },
      at: now,
    });
    return { linkId: link.id };
  });
}

/** The driver's bonds and the invitations sent to both its CPF and e-mail (they may predate the account). */
export async function linksOfUser(user: { id: string; cpf: string; email: string }) {
  const person = await db.person.findUnique({ where: { userId: user.id } });
  return db.driverLink.findMany({
    where: {
      OR: [{ invitedCpf: user.cpf, invitedEmail: user.email }, ...(person ? [{ personId: person.id }] : [])],
    },
    include: { operator: { include: { municipality: { select: { name: true, uf: true, timeZone: true } } } } },
    orderBy: [{ invitedAt: "desc" }],
  });
}

/** An invitation this account may answer: sent to its CPF and to its e-mail (issue #35). */
async function ownInvitation(linkId: string, user: { cpf: string; email: string }, action: LinkAction) {
  const link = isId(linkId)
    ? await db.driverLink.findUnique({ where: { id: linkId }, include: { operator: true } })
    : null;
  if (!link || link.invitedCpf !== user.cpf || link.invitedEmail !== user.email)
    throw notFound("Convite não encontrado.");
  const to = linkTransition(link.status, action);
  if (!to) throw conflict("Este convite já foi respondido ou cancelado.");
  return { link, to };
}

/** The driver accepts: the bond begins (the exclusivity rule is checked again at this moment). */
export async function acceptLink(
  linkId: string,
  user: { id: string; cpf: string; email: string },
  actor: Actor,
  now = new Date(),
) {
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
    if (updated.count !== 1) throw conflict("Este convite já foi respondido.");
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

export async function declineLink(
  linkId: string,
  user: { id: string; cpf: string; email: string },
  actor: Actor,
  now = new Date(),
) {
  const { link, to } = await ownInvitation(linkId, user, "decline");
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: link.status },
      data: { status: to, endedAt: now },
    });
    if (updated.count !== 1) throw conflict("Este convite já foi respondido.");
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
    if (updated.count !== 1) throw conflict("Convite não encontrado ou já respondido.");
    await audit(tx, actor, {
      action: "driver_link.cancel",
      subjectType: "DriverLink",
      subjectId: linkId,
      municipalityId: operator.municipalityId,
      at: now,
    });
  });
}
