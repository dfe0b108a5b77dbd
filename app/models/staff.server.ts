// Staff accounts of a municipality, managed by its gestor.
import { ROLE_LABELS, type StaffRole } from "~/domain/auth/permissions";
import { staffWelcomeMail } from "~/domain/mail/templates";
import { conflict, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { endSessionsRefusedToStaff } from "./govbr-policy.server";
import { linkFor, tokenLink } from "./user.server";

export async function listStaff(municipalityId: string) {
  return db.roleAssignment.findMany({
    where: { municipalityId },
    include: { user: { select: { id: true, name: true, email: true, cpf: true } } },
    orderBy: [{ disabledAt: "asc" }, { createdAt: "asc" }],
  });
}

type NewStaff = { cpf: string; name: string; email: string; role: StaffRole };

/** Field errors when the CPF and e-mail belong to different accounts or the role exists. */
export async function staffConflicts(municipalityId: string, s: NewStaff) {
  const [byCpf, byEmail] = await Promise.all([
    db.user.findUnique({ where: { cpf: s.cpf }, include: { roles: true } }),
    db.user.findUnique({ where: { email: s.email } }),
  ]);
  const errors: Record<string, string> = {};
  if (byEmail && (!byCpf || byEmail.id !== byCpf.id)) errors.email = "Este e-mail pertence a outra conta.";
  if (byCpf && byCpf.email !== s.email) errors.email = "Este CPF já tem conta com outro e-mail; use o e-mail da conta.";
  if (byCpf?.roles.some((r) => r.municipalityId === municipalityId && r.role === s.role && !r.disabledAt)) {
    errors.role = "Esta pessoa já tem este perfil neste município.";
  }
  return errors;
}

export async function addStaff(
  municipality: { id: string; name: string },
  s: NewStaff,
  actor: Actor,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    let user = await tx.user.findUnique({ where: { cpf: s.cpf } });
    const isNew = !user;
    user ??= await tx.user.create({ data: { cpf: s.cpf, name: s.name, email: s.email } });
    const role = await tx.roleAssignment.create({
      data: { userId: user.id, role: s.role, municipalityId: municipality.id, createdById: actor.userId },
    });
    // The role acts at once in open sessions: those the staff policy forbids end now (ADR 053).
    await endSessionsRefusedToStaff(tx, municipality.id, user.id, actor, now);
    const link = isNew ? await tokenLink(tx, user, "STAFF_INVITE", now) : linkFor("/entrar");
    await enqueueMail(tx, user.email, staffWelcomeMail(user.name, ROLE_LABELS[s.role], municipality.name, link));
    await audit(tx, actor, {
      action: "staff.add",
      subjectType: "RoleAssignment",
      subjectId: role.id,
      municipalityId: municipality.id,
      after: { userId: user.id, role: s.role },
    });
    return role;
  });
}

export async function disableStaff(municipalityId: string, roleId: string, actor: Actor, now = new Date()) {
  return db.$transaction(async (tx) => {
    const role = await tx.roleAssignment.findFirst({ where: { id: roleId, municipalityId } });
    if (!role) throw notFound("Perfil não encontrado neste município.");
    if (role.userId === actor.userId) throw conflict("Você não pode desativar o próprio acesso.");
    if (role.disabledAt) throw conflict("Este acesso já está desativado.");
    await tx.roleAssignment.update({ where: { id: role.id }, data: { disabledAt: now } });
    await audit(tx, actor, {
      action: "staff.disable",
      subjectType: "RoleAssignment",
      subjectId: role.id,
      municipalityId,
      before: { role: role.role, active: true },
      after: { active: false },
    });
  });
}
