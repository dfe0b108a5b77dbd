// An operator's team. A person joins only by accepting an invitation, as the account with the typed
// CPF and e-mail (issue #35: no one added without consent); the owner learns nothing of whether the
// CPF has an account. Removal disables the role, never deletes it; an owner cannot remove itself.
import { maskCpf } from "~/domain/br";
import { isId } from "~/domain/ids";
import { conflict, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { linkFor } from "./user.server";

export async function listMembers(operatorId: string) {
  return db.roleAssignment.findMany({
    where: { operatorId, role: "OPERADOR" },
    include: { user: { select: { id: true, name: true, email: true, cpf: true } } },
    orderBy: [{ disabledAt: "asc" }, { createdAt: "asc" }],
  });
}

type NewMember = { cpf: string; name: string; email: string };

/** An invitation to a company's team, kept as a one-time token (UserToken, purpose TEAM_INVITE). */
const PURPOSE = "TEAM_INVITE";
const INVITE_DAYS = 7;
type InviteData = { operatorId: string; cpf: string; name: string; invitedById: string | null };

function inviteData(json: string | null): InviteData | null {
  try {
    const d = JSON.parse(json ?? "") as Partial<InviteData>;
    return typeof d.operatorId === "string" && typeof d.cpf === "string" && typeof d.name === "string"
      ? { operatorId: d.operatorId, cpf: d.cpf, name: d.name, invitedById: d.invitedById ?? null }
      : null;
  } catch {
    return null;
  }
}

/** Live invitations of the operator's team (`"operatorId":"<id>"` is matched inside the token's data). */
async function liveInvitations(operatorId: string, now: Date) {
  const rows = await db.userToken.findMany({
    where: { purpose: PURPOSE, usedAt: null, expiresAt: { gt: now }, dataJson: { contains: `"${operatorId}"` } },
    orderBy: { createdAt: "asc" },
  });
  return rows.flatMap((r) => {
    const data = inviteData(r.dataJson);
    return data && data.operatorId === operatorId ? [{ ...r, data }] : [];
  });
}

/** The invitations waiting for an answer, as the owner typed them. */
export async function pendingInvitations(operatorId: string, now = new Date()) {
  return (await liveInvitations(operatorId, now)).map((r) => ({
    id: r.id,
    name: r.data.name,
    cpf: r.data.cpf,
    email: r.email,
    invitedAt: r.createdAt,
    expiresAt: r.expiresAt,
  }));
}

/** Field errors the owner may be told: the person (by CPF) is already an active member of this team. */
export async function memberConflicts(operatorId: string, m: NewMember) {
  const member = await db.roleAssignment.findFirst({
    where: { operatorId, role: "OPERADOR", disabledAt: null, user: { cpf: m.cpf } },
  });
  return member ? { cpf: "Esta pessoa já faz parte da equipe." } : {};
}

/** Sends a 7-day link to the typed e-mail, replacing an earlier invitation of the CPF; nothing else until accepted. */
export async function addMember(
  operator: { id: string; municipalityId: string; legalName: string; tradeName: string | null },
  m: NewMember,
  actor: Actor,
  now = new Date(),
) {
  const earlier = (await liveInvitations(operator.id, now)).filter((r) => r.data.cpf === m.cpf).map((r) => r.id);
  return db.$transaction(async (tx) => {
    if (earlier.length) await tx.userToken.updateMany({ where: { id: { in: earlier } }, data: { usedAt: now } });
    const token = randomToken();
    const data: InviteData = { operatorId: operator.id, cpf: m.cpf, name: m.name, invitedById: actor.userId };
    const invitation = await tx.userToken.create({
      data: {
        userId: null,
        email: m.email,
        purpose: PURPOSE,
        tokenHash: sha256Hex(token),
        dataJson: JSON.stringify(data),
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000),
      },
    });
    const company = operator.tradeName ?? operator.legalName;
    await enqueueMail(tx, m.email, {
      subject: `Convite para a equipe de ${company} — Portal de Credenciamento`,
      text: `Olá, ${m.name}.\n\n${company} convidou o CPF ${maskCpf(m.cpf)} para a equipe da empresa no Portal de Credenciamento. Você só entra na equipe se aceitar, pelo link abaixo (válido por ${INVITE_DAYS} dias):\n\n${linkFor(`/equipe/convite/${token}`)}\n\nO convite só pode ser aceito pela conta deste CPF e deste e-mail (${m.email}). Se ainda não tem conta, crie em ${linkFor("/cadastro")} com este CPF e este e-mail e depois abra o link.\n\nSe você não conhece esta empresa, ignore esta mensagem: nada muda na sua conta.`,
    });
    await audit(tx, actor, {
      action: "operator.member_invite",
      subjectType: "Operator",
      subjectId: operator.id,
      municipalityId: operator.municipalityId,
      after: { invitationId: invitation.id, replaced: earlier.length },
      at: now,
    });
    return { invitationId: invitation.id };
  });
}

/** The owner withdraws an invitation not yet answered. */
export async function cancelTeamInvitation(
  operator: { id: string; municipalityId: string },
  invitationId: string,
  actor: Actor,
  now = new Date(),
) {
  const live = isId(invitationId)
    ? (await liveInvitations(operator.id, now)).find((r) => r.id === invitationId)
    : undefined;
  if (!live) throw notFound("Convite não encontrado ou já respondido.");
  await db.$transaction(async (tx) => {
    const used = await tx.userToken.updateMany({ where: { id: live.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw conflict("Este convite já foi respondido.");
    await audit(tx, actor, {
      action: "operator.member_invite_cancel",
      subjectType: "Operator",
      subjectId: operator.id,
      municipalityId: operator.municipalityId,
      after: { invitationId: live.id },
      at: now,
    });
  });
}

type Invitee = { id: string; cpf: string; email: string };

/** The invitation behind a link, or null; sent to another CPF or e-mail: `forThisAccount` false, company unnamed. */
export async function teamInvitation(token: string, user: Invitee, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db.userToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
  const data = row ? inviteData(row.dataJson) : null;
  if (!row || !data || row.purpose !== PURPOSE || row.usedAt || row.expiresAt <= now) return null;
  if (data.cpf !== user.cpf || row.email !== user.email) return { forThisAccount: false as const };
  const operator = await db.operator.findUnique({
    where: { id: data.operatorId },
    select: { id: true, legalName: true, tradeName: true, municipalityId: true },
  });
  if (!operator) return null;
  return { forThisAccount: true as const, row, data, operator, company: operator.tradeName ?? operator.legalName };
}

/** The invited person accepts: the OPERADOR role begins now, audited as the person's own act. */
export async function acceptTeamInvitation(token: string, user: Invitee, actor: Actor, now = new Date()) {
  const found = await teamInvitation(token, user, now);
  if (!found?.forThisAccount) throw notFound("Convite não encontrado, expirado ou de outra conta.");
  const { row, data, operator } = found;
  return db.$transaction(async (tx) => {
    const used = await tx.userToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw conflict("Este convite já foi respondido.");
    const already = await tx.roleAssignment.findFirst({
      where: { userId: user.id, operatorId: operator.id, role: "OPERADOR", disabledAt: null },
    });
    if (already) throw conflict("Você já faz parte desta equipe.");
    const role = await tx.roleAssignment.create({
      data: {
        userId: user.id,
        role: "OPERADOR",
        operatorId: operator.id,
        operatorOwner: false,
        createdById: data.invitedById,
      },
    });
    await audit(tx, actor, {
      action: "operator.member_add",
      subjectType: "RoleAssignment",
      subjectId: role.id,
      municipalityId: operator.municipalityId,
      after: { userId: user.id, invitationId: row.id, invitedBy: data.invitedById },
      at: now,
    });
    return { role, operatorId: operator.id };
  });
}

/** The invited person declines: the link stops working, nothing else changes. */
export async function declineTeamInvitation(token: string, user: Invitee, actor: Actor, now = new Date()) {
  const found = await teamInvitation(token, user, now);
  if (!found?.forThisAccount) throw notFound("Convite não encontrado, expirado ou de outra conta.");
  await db.$transaction(async (tx) => {
    const used = await tx.userToken.updateMany({ where: { id: found.row.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw conflict("Este convite já foi respondido.");
    await audit(tx, actor, {
      action: "operator.member_invite_decline",
      subjectType: "Operator",
      subjectId: found.operator.id,
      municipalityId: found.operator.municipalityId,
      after: { invitationId: found.row.id },
      at: now,
    });
  });
}

export async function removeMember(
  operatorId: string,
  municipalityId: string,
  roleId: string,
  actor: Actor,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const role = await tx.roleAssignment.findFirst({ where: { id: roleId, operatorId, role: "OPERADOR" } });
    if (!role) throw notFound("Pessoa não encontrada na equipe.");
    if (role.userId === actor.userId) throw conflict("Você não pode remover o próprio acesso.");
    if (role.disabledAt) throw conflict("Este acesso já foi removido.");
    if (role.operatorOwner) throw conflict("O responsável pela empresa não pode ser removido.");
    await tx.roleAssignment.update({ where: { id: role.id }, data: { disabledAt: now } });
    await audit(tx, actor, {
      action: "operator.member_remove",
      subjectType: "RoleAssignment",
      subjectId: role.id,
      municipalityId,
      before: { active: true },
      after: { active: false },
      at: now,
    });
  });
}
