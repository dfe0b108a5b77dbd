import { describe, expect, it } from "vitest";
import { operatorsOfUser } from "~/models/operator.server";
import {
  acceptTeamInvitation,
  addMember,
  cancelTeamInvitation,
  listMembers,
  memberConflicts,
  pendingInvitations,
  removeMember,
} from "~/models/operator-team.server";
import { db } from "~/utils/db.server";
import { account, actorFor, registered, teamMember, town, validCpf } from "../../e2e/fixtures/operator-support";

async function company() {
  const m = await town("itauna-mg");
  const r = await registered(m.id, { category: "MOTOFRETE", kind: "EMPRESA" });
  return { ...r, operator: await db.operator.findUniqueOrThrow({ where: { id: r.operatorId } }) };
}

describe("the operator's team", () => {
  it("invites by e-mail: nobody joins until the account with that CPF and e-mail accepts; no account is created", async () => {
    const { operator, actor } = await company();
    const cpf = validCpf();
    const email = `nova.${cpf}@teste.com.br`;
    await addMember(operator, { cpf, name: "Nova Pessoa", email }, actor);
    expect(await db.user.findUnique({ where: { cpf } })).toBeNull();
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.text).toContain("/equipe/convite/");
    expect(mail.text).toContain("/cadastro");
    expect((await pendingInvitations(operator.id)).map((i) => [i.name, i.email])).toEqual([["Nova Pessoa", email]]);

    // She signs up (CPF and e-mail as invited), then accepts: the role begins.
    const user = await db.user.create({ data: { cpf, name: "Nova Pessoa", email, emailVerifiedAt: new Date() } });
    const token = mail.text.match(/\/equipe\/convite\/([A-Za-z0-9_-]+)/)![1];
    await acceptTeamInvitation(token, user, actorFor(user.id, "CONDUTOR"));
    expect((await operatorsOfUser(user.id)).map((o) => o.id)).toEqual([operator.id]);
    expect(await pendingInvitations(operator.id)).toEqual([]);

    const existing = await account("Pessoa Existente");
    await teamMember(operator, actor, "Pessoa Existente 2");
    expect((await listMembers(operator.id)).map((m) => m.user.name)).toEqual([
      "Dona da Empresa",
      "Nova Pessoa",
      "Pessoa Existente 2",
    ]);
    expect(await memberConflicts(operator.id, { cpf, name: "Nova Pessoa", email })).toMatchObject({
      cpf: "Esta pessoa já faz parte da equipe.",
    });
    // An e-mail of another account is not refused (issue #35: the answer does not tell it exists).
    expect(await memberConflicts(operator.id, { cpf: validCpf(), name: "X", email: existing.email })).toEqual({});
  });

  it("the owner cancels an invitation not yet answered; its link then opens nothing", async () => {
    const { operator, actor } = await company();
    const person = await account("Pessoa Convidada");
    await addMember(operator, { cpf: person.cpf, name: person.name, email: person.email }, actor);
    const [invitation] = await pendingInvitations(operator.id);
    await cancelTeamInvitation(operator, invitation.id, actor);
    expect(await pendingInvitations(operator.id)).toEqual([]);
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: person.email } });
    const token = mail.text.match(/\/equipe\/convite\/([A-Za-z0-9_-]+)/)![1];
    await expect(acceptTeamInvitation(token, person, actorFor(person.id, "CONDUTOR"))).rejects.toMatchObject({
      kind: "not-found",
    });
    expect(await operatorsOfUser(person.id)).toEqual([]);
  });

  it("removes a member (who loses the company), never the owner nor oneself", async () => {
    const { operator, actor, owner } = await company();
    const { user: member, role } = await teamMember(operator, actor, "Membro da Equipe");
    await removeMember(operator.id, operator.municipalityId, role.id, actor);
    expect(await operatorsOfUser(member.id)).toEqual([]);
    await expect(removeMember(operator.id, operator.municipalityId, role.id, actor)).rejects.toMatchObject({
      kind: "conflict",
    });
    const ownerRole = await db.roleAssignment.findFirstOrThrow({
      where: { userId: owner.id, operatorId: operator.id },
    });
    await expect(removeMember(operator.id, operator.municipalityId, ownerRole.id, actor)).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(
      removeMember(operator.id, operator.municipalityId, ownerRole.id, { ...actor, userId: "outra" }),
    ).rejects.toMatchObject({ kind: "conflict" });
  });
});
