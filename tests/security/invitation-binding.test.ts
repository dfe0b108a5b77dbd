// Issue #35, low d: a company's invitation sent to e-mail A was accepted by whoever registered that
// CPF with e-mail B — a squatter of the CPF took the bond. An invitation is now the account's to
// see and answer only when the account has the invited CPF and the invited e-mail; the right
// account still accepts it.
import { beforeAll, describe, expect, it } from "vitest";
import { inviteDriver, linksOfUser } from "~/models/driver-invitation.server";
import * as vinculos from "~/routes/vinculos._index/route";
import { db } from "~/utils/db.server";
import { credentialed, town, validCpf } from "../e2e/fixtures/operator-support";
import { answerOf, cookieOf, ORIGIN, postTo, type RouteModule } from "./access-world";

type Operator = Awaited<ReturnType<typeof credentialed>>;
let company: Operator;

beforeAll(async () => {
  const m = await town("lavras-mg");
  company = await credentialed(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", facts: { headOfficeHere: true } });
}, 120_000);

/** A signed-up account with a confirmed e-mail, as /cadastro and its link leave it. */
const accountWith = (cpf: string, email: string, name: string) =>
  db.user.create({ data: { cpf, email, name, emailVerifiedAt: new Date() } });

const answer = (user: { id: string }, linkId: string, intent: "aceitar" | "recusar") =>
  postTo(vinculos as RouteModule, "/vinculos", user, {}, { intent, linkId });

describe("an invitation is the account's only with the invited CPF and the invited e-mail (issue #35, low d)", () => {
  it("whoever registers the CPF with another e-mail neither sees nor answers it; the bond does not begin", async () => {
    const cpf = validCpf();
    const invitedEmail = `convidada.${cpf}@exemplo.com.br`;
    const { linkId } = await inviteDriver(company.operator, { cpf, email: invitedEmail }, company.actor);
    expect((await db.outboxMessage.findFirstOrThrow({ where: { to: invitedEmail } })).text).toContain("/vinculos");

    const squatter = await accountWith(cpf, `outra.${cpf}@exemplo.com.br`, "Quem Registrou o CPF");
    expect((await linksOfUser(squatter)).map((l) => l.id)).not.toContain(linkId);
    for (const intent of ["aceitar", "recusar"] as const) {
      const a = await answer(squatter, linkId, intent);
      expect(a.status, a.body).toBe(404);
    }
    const page = await answerOf(async () =>
      vinculos.loader({
        request: new Request(`${ORIGIN}/vinculos`, { headers: { cookie: await cookieOf(squatter) } }),
        params: {},
        context: { clientIp: "127.0.0.1", requestId: "teste" },
      } as never),
    );
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(linkId);
    const link = await db.driverLink.findUniqueOrThrow({ where: { id: linkId } });
    expect(link).toMatchObject({ status: "INVITED", personId: null, acceptedAt: null });
  });

  it("the account with the invited CPF and e-mail accepts it", async () => {
    const cpf = validCpf();
    const email = `certa.${cpf}@exemplo.com.br`;
    const { linkId } = await inviteDriver(company.operator, { cpf, email }, company.actor);
    const driver = await accountWith(cpf, email, "Condutora Convidada");
    expect((await linksOfUser(driver)).map((l) => l.id)).toContain(linkId);
    const a = await answer(driver, linkId, "aceitar");
    expect(a.status, a.body).toBe(302);
    const link = await db.driverLink.findUniqueOrThrow({ where: { id: linkId }, include: { person: true } });
    expect(link.status).toBe("ACTIVE");
    expect(link.person?.userId).toBe(driver.id);
  });

  it("an account with the invited e-mail but another CPF cannot answer it either", async () => {
    const cpf = validCpf();
    const email = `mesmo.email.${cpf}@exemplo.com.br`;
    const { linkId } = await inviteDriver(company.operator, { cpf, email }, company.actor);
    const other = await accountWith(validCpf(), email, "Dona do E-mail");
    expect((await answer(other, linkId, "aceitar")).status).toBe(404);
    expect((await db.driverLink.findUniqueOrThrow({ where: { id: linkId } })).status).toBe("INVITED");
  });
});
