import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { addMember, listMembers, memberConflicts, removeMember } from "~/models/operator-team.server";
import { operatorsOfUser } from "~/models/operator.server";
import { account, registered, town, validCpf } from "../../e2e/fixtures/operator-support";

async function company() {
  const m = await town("itauna-mg");
  const r = await registered(m.id, { category: "MOTOFRETE", kind: "EMPRESA" });
  return { ...r, operator: await db.operator.findUniqueOrThrow({ where: { id: r.operatorId } }) };
}

describe("the operator's team", () => {
  it("invites a new person (an account and a link to set the password) and an existing one (the role is added)", async () => {
    const { operator, actor } = await company();
    const cpf = validCpf();
    const email = `nova.${cpf}@teste.com.br`;
    await addMember(operator, { cpf, name: "Nova Pessoa", email }, actor);
    const created = await db.user.findUniqueOrThrow({ where: { cpf } });
    expect((await db.outboxMessage.findFirstOrThrow({ where: { to: email } })).text).toContain("/senha/redefinir/");
    expect((await operatorsOfUser(created.id)).map((o) => o.id)).toEqual([operator.id]);

    const existing = await account("Pessoa Existente");
    await addMember(operator, { cpf: existing.cpf, name: existing.name, email: existing.email }, actor);
    expect((await db.outboxMessage.findFirstOrThrow({ where: { to: existing.email } })).text).toContain(
      `/operadora/${operator.id}`,
    );
    expect((await listMembers(operator.id)).map((m) => m.user.name)).toEqual([
      "Dona da Empresa",
      "Nova Pessoa",
      "Pessoa Existente",
    ]);
    expect(
      await memberConflicts(operator.id, { cpf: existing.cpf, name: existing.name, email: existing.email }),
    ).toMatchObject({ cpf: "Esta pessoa já faz parte da equipe." });
    expect(await memberConflicts(operator.id, { cpf: validCpf(), name: "X", email: existing.email })).toMatchObject({
      email: "Este e-mail pertence a outra conta.",
    });
  });

  it("removes a member (who loses the company), never the owner nor oneself", async () => {
    const { operator, actor, owner } = await company();
    const member = await account("Membro da Equipe");
    const role = await addMember(operator, { cpf: member.cpf, name: member.name, email: member.email }, actor);
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
