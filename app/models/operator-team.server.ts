// The people who act for an operator. The owner invites by CPF, name and e-mail: a new person gets
// an account and a link to set the password; an existing account gets the OPERADOR role added.
// The owner removes members (the role is disabled, never deleted); an owner cannot remove itself.
import { conflict, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { enqueueMail } from "~/utils/mail.server";
import { linkFor, tokenLink } from "./user.server";

export async function listMembers(operatorId: string) {
  return db.roleAssignment.findMany({
    where: { operatorId, role: "OPERADOR" },
    include: { user: { select: { id: true, name: true, email: true, cpf: true } } },
    orderBy: [{ disabledAt: "asc" }, { createdAt: "asc" }],
  });
}

export type NewMember = { cpf: string; name: string; email: string };

/** Field errors when the CPF and the e-mail are of different accounts, or the person is already a member. */
export async function memberConflicts(operatorId: string, m: NewMember) {
  const [byCpf, byEmail] = await Promise.all([
    db.user.findUnique({ where: { cpf: m.cpf }, include: { roles: true } }),
    db.user.findUnique({ where: { email: m.email } }),
  ]);
  const errors: Record<string, string> = {};
  if (byEmail && (!byCpf || byEmail.id !== byCpf.id)) errors.email = "Este e-mail pertence a outra conta.";
  if (byCpf && byCpf.email !== m.email) errors.email = "Este CPF já tem conta com outro e-mail; use o e-mail da conta.";
  if (byCpf?.roles.some((r) => r.operatorId === operatorId && r.role === "OPERADOR" && !r.disabledAt))
    errors.cpf = "Esta pessoa já faz parte da equipe.";
  return errors;
}

export async function addMember(
  operator: { id: string; municipalityId: string; legalName: string; tradeName: string | null },
  m: NewMember,
  actor: Actor,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    let user = await tx.user.findUnique({ where: { cpf: m.cpf } });
    const isNew = !user;
    user ??= await tx.user.create({ data: { cpf: m.cpf, name: m.name, email: m.email } });
    const role = await tx.roleAssignment.create({
      data: {
        userId: user.id,
        role: "OPERADOR",
        operatorId: operator.id,
        operatorOwner: false,
        createdById: actor.userId,
      },
    });
    const company = operator.tradeName ?? operator.legalName;
    const link = isNew ? await tokenLink(tx, user, "STAFF_INVITE", now) : linkFor(`/operadora/${operator.id}`);
    await enqueueMail(tx, user.email, {
      subject: `Acesso à empresa ${company} — Portal de Credenciamento`,
      text: `Olá, ${user.name}.\n\nVocê foi incluído(a) na equipe de ${company} no Portal de Credenciamento.${isNew ? " Defina sua senha pelo link abaixo (válido por 48 horas):" : " Entre no portal para acessar a empresa:"}\n\n${link}`,
    });
    await audit(tx, actor, {
      action: "operator.member_add",
      subjectType: "RoleAssignment",
      subjectId: role.id,
      municipalityId: operator.municipalityId,
      after: { userId: user.id, newAccount: isNew },
      at: now,
    });
    return role;
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
