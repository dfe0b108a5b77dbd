// Issue #35, low e: a company added an existing account — a municipal gestor — to its team without
// her consent (the OPERADOR role acted at once). Adding anyone to a company's team is now an
// invitation to the typed e-mail that the account with that CPF and e-mail accepts at
// /equipe/convite/<token>; until then the person is no member, and she may decline.
import { beforeAll, describe, expect, it } from "vitest";
import { operatorsOfUser } from "~/models/operator.server";
import * as invitation from "~/routes/equipe.convite.$token/route";
import * as team from "~/routes/operadora.$id.equipe/route";
import { db } from "~/utils/db.server";
import { credentialed, town } from "../e2e/fixtures/operator-support";
import { createUser } from "../support/factories";
import { answerOf, cookieOf, ORIGIN, postTo, type RouteModule } from "./access-world";

type Company = Awaited<ReturnType<typeof credentialed>>;
let company: Company;
let municipalityId: string;

beforeAll(async () => {
  const m = await town("itauna-mg");
  municipalityId = m.id;
  company = await credentialed(m.id, { category: "MOTOFRETE", kind: "EMPRESA", facts: { headOfficeHere: true } });
}, 120_000);

const rolesOf = (userId: string) =>
  db.roleAssignment.findMany({ where: { userId }, select: { role: true, operatorId: true, disabledAt: true } });

async function invite(person: { cpf: string; name: string; email: string }) {
  const path = `/operadora/${company.operator.id}/equipe`;
  const a = await postTo(
    team as RouteModule,
    path,
    company.owner,
    { id: company.operator.id },
    {
      cpf: person.cpf,
      name: person.name,
      email: person.email,
    },
  );
  expect(a).toMatchObject({ status: 302, location: `${path}?ok=convidado` });
}

/** The link the invitation e-mail carries. */
async function tokenSentTo(email: string) {
  const mail = await db.outboxMessage.findFirstOrThrow({
    where: { to: email, subject: { startsWith: "Convite para a equipe" } },
    orderBy: { createdAt: "desc" },
  });
  return mail.text.match(/\/equipe\/convite\/([A-Za-z0-9_-]+)/)![1];
}

const open = async (token: string, user: { id: string } | null) =>
  answerOf(async () =>
    invitation.loader({
      request: new Request(`${ORIGIN}/equipe/convite/${token}`, { headers: { cookie: await cookieOf(user) } }),
      params: { token },
      context: { clientIp: "127.0.0.1", requestId: "teste" },
    } as never),
  );

const respond = (token: string, user: { id: string } | null, intent: "aceitar" | "recusar") =>
  postTo(invitation as RouteModule, `/equipe/convite/${token}`, user, { token }, { intent });

describe("a company's team takes no one without consent (issue #35, low e)", () => {
  it("a municipal gestor typed into a company's team form is no member until she accepts", async () => {
    const gestor = await createUser({ name: "Gestora Municipal" });
    await db.roleAssignment.create({ data: { userId: gestor.id, role: "GESTOR", municipalityId } });
    const before = await rolesOf(gestor.id);
    await invite(gestor);
    // The form's answer made her nothing: no role, no company.
    expect(await rolesOf(gestor.id)).toEqual(before);
    expect(await operatorsOfUser(gestor.id)).toEqual([]);
    const token = await tokenSentTo(gestor.email);

    // Anonymous: sent to sign in first. Another account: not its invitation, nothing named.
    expect((await open(token, null)).location).toMatch(/^\/entrar\?voltar=/);
    const stranger = await createUser({ name: "Outra Pessoa" });
    const seen = await open(token, stranger);
    expect(seen.body).toContain('"other-account"');
    expect(seen.body).not.toContain("Empresa Teste");
    expect((await respond(token, stranger, "aceitar")).status).toBe(404);
    expect(await operatorsOfUser(stranger.id)).toEqual([]);

    // She sees the company and declines: still nothing, and the link is spent.
    expect((await open(token, gestor)).body).toContain('"state":"open"');
    expect((await respond(token, gestor, "recusar")).status).toBe(200);
    expect(await rolesOf(gestor.id)).toEqual(before);
    expect((await respond(token, gestor, "aceitar")).status).toBe(404);
    expect(await operatorsOfUser(gestor.id)).toEqual([]);
  });

  it("the invited account that accepts becomes a member (OPERADOR of that company, never its owner)", async () => {
    const person = await createUser({ name: "Pessoa Convidada" });
    await invite(person);
    const token = await tokenSentTo(person.email);
    const accepted = await respond(token, person, "aceitar");
    expect(accepted).toMatchObject({ status: 302, location: `/operadora/${company.operator.id}` });
    expect(await rolesOf(person.id)).toEqual([{ role: "OPERADOR", operatorId: company.operator.id, disabledAt: null }]);
    expect((await db.roleAssignment.findFirstOrThrow({ where: { userId: person.id } })).operatorOwner).toBe(false);
    const event = await db.auditEvent.findFirstOrThrow({
      where: { action: "operator.member_add", actorUserId: person.id },
    });
    expect(event).toBeTruthy();
  });
});
