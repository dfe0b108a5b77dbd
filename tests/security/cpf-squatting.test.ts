// Issue #35, finding 6 — CPF squatting (ADR 054). An account opened with a password and someone
// else's CPF blocked the real holder: when she proved the CPF through gov.br, "Vincular sua conta
// gov.br" showed the squatter's name and asked the squatter's password, and she could not sign
// up. Now a gov.br-proven CPF wins: the link page shows nothing of the account that holds the CPF,
// the holder may say it is not hers and gets a new account of her own, the squatter's account
// loses the CPF and is frozen for review with its records (nothing crosses either way), and
// staff see that — and see every CPF a password account typed marked "não confirmado".
// The routes run as the browser would call them; the gov.br client is the fake of fake-govbr.ts.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isContestedCpf } from "~/domain/auth/cpf-standing";
import { startApplication } from "~/models/application.server";
import { linksOfUser } from "~/models/driver-invitation.server";
import { createSession, liveSession } from "~/models/session.server";
import { authenticate } from "~/models/user.server";
import * as auditPage from "~/routes/m.$municipio.auditoria/route";
import * as credentialPage from "~/routes/m.$municipio.credenciais.$id/route";
import * as teamPage from "~/routes/m.$municipio.equipe/route";
import * as queuePage from "~/routes/m.$municipio.fila/route";
import * as reviewPage from "~/routes/m.$municipio.requerimentos.$id._index/route";
import * as approvePage from "~/routes/m.$municipio.requerimentos.$id.aprovar/route";
import { randomToken } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { actorFor, credentialed, linkedDriver, town } from "../e2e/fixtures/operator-support";
import { createSignedCredential, createUser, storedFile } from "../support/factories";
import { answerOf, cookieOf, ORIGIN, type RouteModule, staffOf } from "./access-world";
import { govbrClaims } from "./fake-govbr";
import { govbrSignIn, linkPage, postLinkPage } from "./govbr-flow";

vi.mock("~/utils/oidc.server", async (importOriginal) =>
  (await import("./fake-govbr")).fakeOidc(await importOriginal<object>()),
);

const SQUATTER = "Usurpador Ocupante Indevido";
const PASSWORD = "uma-senha-bem-comprida-para-teste";
const company = { category: "MOTOFRETE", kind: "EMPRESA", facts: { headOfficeHere: true } } as const;

/** A staff page's loader data (as JSON text) for the user. */
async function staffPage(mod: object, path: string, user: { id: string }, params: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: await cookieOf(user) } });
  const { loader } = mod as RouteModule;
  const answer = await answerOf(() => loader!({ request, params, context: { clientIp: "127.0.0.1" } }));
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A driver with a submitted application in the town and an active credential. */
async function applicant(m: { id: string; ibgeCode: string; serialPrefix: string }, driver: { user: { id: string } }) {
  const { application } = await startApplication(
    driver.user.id,
    { municipalityId: m.id, category: "MOTOFRETE", mode: "AUTONOMO" },
    actorFor(driver.user.id, "CONDUTOR"),
  );
  await db.application.update({ where: { id: application.id }, data: { status: "SUBMITTED" } });
  const person = await db.person.findUniqueOrThrow({ where: { userId: driver.user.id } });
  const { credential } = await createSignedCredential(m, { holderPersonId: person.id });
  return { application, person, credential };
}

let world: Awaited<ReturnType<typeof build>>;

async function build() {
  const m = await town("itauna-mg");
  const gestor = await staffOf(m, ["GESTOR", "ANALISTA"]);
  const Y = await credentialed(m.id, company, "Dona da Y");
  // The squatter: a password account with the holder's CPF, a bond with company Y it accepted, an
  // application with a document, and a credential.
  const squatter = await linkedDriver(Y.operator, Y.actor, SQUATTER);
  const { application, person, credential } = await applicant(m, squatter);
  const file = await storedFile(`%PDF-1.4 CNH de ${SQUATTER}`);
  await db.document.create({
    data: {
      type: "CNH",
      ownerUserId: squatter.user.id,
      personId: person.id,
      applicationId: application.id,
      storageKey: file.key,
      originalName: "cnh.pdf",
      sha256: file.sha256,
      mime: "application/pdf",
      sizeBytes: file.size,
    },
  });
  // The squatter was signed in when the holder came.
  const sessionToken = randomToken();
  await createSession(sessionToken, squatter.user.id, null, new Date());
  return { m, gestor, Y, squatter, application, person, credential, cpf: squatter.user.cpf, sessionToken };
}

beforeAll(async () => {
  world = await build();
}, 120_000);

describe("CPF squatting: a gov.br-proven CPF wins (issue #35, finding 6)", () => {
  it("the link page shows nothing of the account that holds the CPF", async () => {
    const { govbr, userId } = await govbrSignIn(govbrClaims(world.cpf));
    expect(govbr).not.toBeNull();
    expect(userId).toBeNull();
    const page = await linkPage(govbr!);
    expect(page.status).toBe(200);
    expect(page.body).toContain('"accountWithCpf":true');
    expect(page.body).not.toContain(SQUATTER);
    expect(page.body).not.toContain(world.squatter.user.email.split("@")[0]);
    expect(page.body).not.toMatch(/•••/);
  });

  it("the holder who did not create that account gets her own; the squatter's is frozen with its records", async () => {
    const { govbr } = await govbrSignIn(govbrClaims(world.cpf));
    // The squatter's password is not hers: a guess links nothing.
    const guess = await postLinkPage(govbr!, { intent: "link", password: "um-palpite-qualquer-errado" });
    expect(guess.status).toBe(400);
    expect(guess.userId).toBeNull();

    const claimed = await postLinkPage(govbr!, { intent: "claim" });
    expect(claimed.status).toBe(302);
    const holderId = claimed.userId!;
    expect(holderId).toBeTruthy();
    expect(holderId).not.toBe(world.squatter.user.id);

    // Her account: the CPF, proven; her gov.br name and verified e-mail; nothing of the squatter.
    const holder = await db.user.findUniqueOrThrow({ where: { id: holderId } });
    expect(holder).toMatchObject({
      cpf: world.cpf,
      govbrSubject: world.cpf,
      name: "Titular Verdadeira da Silva",
      email: `titular.${world.cpf}@exemplo.com.br`,
      disabledAt: null,
    });
    expect(holder.cpfConfirmedAt).not.toBeNull();
    expect(await db.person.findUnique({ where: { userId: holderId } })).toBeNull();
    expect(await linksOfUser(holder)).toEqual([]);
    expect(await db.document.count({ where: { ownerUserId: holderId } })).toBe(0);

    // The squatter's account: no CPF, frozen, signed out, its password refused; its records stay its own.
    const frozen = await db.user.findUniqueOrThrow({ where: { id: world.squatter.user.id } });
    expect(isContestedCpf(frozen.cpf)).toBe(true);
    expect(frozen.disabledAt).not.toBeNull();
    expect(frozen.email).toBe(world.squatter.user.email);
    const person = await db.person.findUniqueOrThrow({ where: { id: world.person.id } });
    expect(person.userId).toBe(world.squatter.user.id);
    expect(isContestedCpf(person.cpf)).toBe(true);
    expect(person.fullName).toBe(SQUATTER);
    expect((await db.application.findUniqueOrThrow({ where: { id: world.application.id } })).personId).toBe(person.id);
    expect((await db.credential.findUniqueOrThrow({ where: { id: world.credential.id } })).holderPersonId).toBe(
      person.id,
    );
    expect(await db.driverLink.count({ where: { personId: person.id, invitedCpf: world.cpf } })).toBe(0);
    expect(await liveSession(world.sessionToken, new Date())).toBeNull();
    expect(await authenticate(world.squatter.user.email, PASSWORD, "10.1.1.1")).toMatchObject({ ok: false });

    // Audited: the holder's sign-up names the account it took the CPF from; the freeze is in the
    // platform's trail and in the town's, naming the holder's account.
    const signUp = await db.auditEvent.findFirstOrThrow({
      where: { subjectId: holderId, action: "user.sign_up_govbr" },
    });
    expect(JSON.parse(signUp.afterJson!)).toMatchObject({ claimedFrom: frozen.id, level: "prata" });
    const events = await db.auditEvent.findMany({ where: { subjectId: frozen.id, action: "user.cpf_contested" } });
    expect(events.map((e) => e.municipalityId).sort()).toEqual([world.m.id, null].sort());
    for (const e of events) expect(JSON.parse(e.afterJson!)).toMatchObject({ frozen: true, claimedBy: holderId });

    // The next gov.br sign-in is hers, straight in.
    expect((await govbrSignIn(govbrClaims(world.cpf))).userId).toBe(holderId);
  });

  // After the claim above.
  it("staff see the frozen account's records marked, and why", async () => {
    const { m, gestor } = world;
    const queue = await staffPage(queuePage, `/m/${m.slug}/fila`, gestor, { municipio: m.slug });
    expect(queue).toContain(SQUATTER);
    expect(queue).toContain('"standing":"contested"');
    const credential = await staffPage(credentialPage, `/m/${m.slug}/credenciais/${world.credential.id}`, gestor, {
      municipio: m.slug,
      id: world.credential.id,
    });
    expect(credential).toContain('"standing":"contested"');
    expect(credential).not.toContain("contestado:");
    const review = await staffPage(reviewPage, `/m/${m.slug}/requerimentos/${world.application.id}`, gestor, {
      municipio: m.slug,
      id: world.application.id,
    });
    expect(review).toContain('"standing":"contested"');
    const audit = await staffPage(auditPage, `/m/${m.slug}/auditoria`, gestor, { municipio: m.slug });
    expect(audit).toContain("user.cpf_contested");
  });

  it("a CPF typed with a password is marked unconfirmed on staff screens; a gov.br-proven one confirmed", async () => {
    const { m, gestor, Y } = world;
    const typed = await linkedDriver(Y.operator, Y.actor, "Condutora Só Com Senha");
    const typedRecords = await applicant(m, typed);
    const proven = await linkedDriver(Y.operator, Y.actor, "Condutor Com Gov Br");
    await db.user.update({
      where: { id: proven.user.id },
      data: { govbrSubject: proven.user.cpf, cpfConfirmedAt: new Date() },
    });
    const provenRecords = await applicant(m, proven);

    const queue = JSON.parse(await staffPage(queuePage, `/m/${m.slug}/fila`, gestor, { municipio: m.slug })) as {
      queue: { rows: { name: string; cpf: { standing: string } | null }[] };
    };
    const row = (name: string) => queue.queue.rows.find((r) => r.name === name)?.cpf?.standing;
    expect(row("Condutora Só Com Senha")).toBe("unconfirmed");
    expect(row("Condutor Com Gov Br")).toBe("confirmed");

    const standingOn = async (id: string) =>
      (
        JSON.parse(
          await staffPage(credentialPage, `/m/${m.slug}/credenciais/${id}`, gestor, { municipio: m.slug, id }),
        ) as { credential: { cpf: { standing: string } } }
      ).credential.cpf.standing;
    expect(await standingOn(typedRecords.credential.id)).toBe("unconfirmed");
    expect(await standingOn(provenRecords.credential.id)).toBe("confirmed");

    const reviewStanding = async (id: string) =>
      (
        JSON.parse(
          await staffPage(reviewPage, `/m/${m.slug}/requerimentos/${id}`, gestor, { municipio: m.slug, id }),
        ) as { person: { cpfView: { standing: string } } }
      ).person.cpfView.standing;
    expect(await reviewStanding(typedRecords.application.id)).toBe("unconfirmed");
    expect(await reviewStanding(provenRecords.application.id)).toBe("confirmed");
    const approve = async (id: string) =>
      (
        JSON.parse(
          await staffPage(approvePage, `/m/${m.slug}/requerimentos/${id}/aprovar`, gestor, { municipio: m.slug, id }),
        ) as { app: { cpf: { standing: string } } }
      ).app.cpf.standing;
    expect(await approve(typedRecords.application.id)).toBe("unconfirmed");

    // The town's team: the gestor signed up with a password.
    const team = JSON.parse(await staffPage(teamPage, `/m/${m.slug}/equipe`, gestor, { municipio: m.slug })) as {
      staff: { name: string; cpfView?: { standing: string } }[];
    };
    expect(team.staff.find((s) => s.name === gestor.name)?.cpfView?.standing).toBe("unconfirmed");
  });

  it("the e-mail the squatter had typed goes to the holder whose gov.br verified it", async () => {
    const holderEmail = `dona.do.email.${Date.now()}@exemplo.com.br`;
    const squatter = await createUser({ name: SQUATTER });
    await db.user.update({ where: { id: squatter.id }, data: { email: holderEmail } });
    const { govbr } = await govbrSignIn(govbrClaims(squatter.cpf, { email: holderEmail }));
    const page = await linkPage(govbr!);
    expect(page.body).toContain('"askEmail":false');
    const claimed = await postLinkPage(govbr!, { intent: "claim" });
    expect(claimed.status).toBe(302);
    const holder = await db.user.findUniqueOrThrow({ where: { id: claimed.userId! } });
    expect(holder).toMatchObject({ cpf: squatter.cpf, email: holderEmail });
    expect(holder.emailVerifiedAt).not.toBeNull();
    const frozen = await db.user.findUniqueOrThrow({ where: { id: squatter.id } });
    expect(frozen.email).not.toBe(holderEmail);
    expect(frozen.disabledAt).not.toBeNull();
  });

  it("the account's own password still links it: the holder's own account keeps everything", async () => {
    const own = await createUser({ name: "Titular Com Conta Antiga" });
    await db.user.update({ where: { id: own.id }, data: { emailVerifiedAt: new Date() } });
    const { govbr } = await govbrSignIn(govbrClaims(own.cpf));
    const linked = await postLinkPage(govbr!, { intent: "link", password: PASSWORD });
    expect(linked.status).toBe(302);
    expect(linked.userId).toBe(own.id);
    const after = await db.user.findUniqueOrThrow({ where: { id: own.id } });
    expect(after).toMatchObject({ cpf: own.cpf, govbrSubject: own.cpf, disabledAt: null });
  });

  it("an account the prefeitura disabled is not claimable: nothing is created", async () => {
    const barred = await createUser({ name: "Conta Desativada" });
    await db.user.update({ where: { id: barred.id }, data: { disabledAt: new Date() } });
    const { returned, govbr, userId } = await govbrSignIn(govbrClaims(barred.cpf));
    expect(returned.status).toBe(403);
    expect(govbr).toBeNull();
    expect(userId).toBeNull();
    expect(await db.user.count({ where: { cpf: barred.cpf } })).toBe(1);
  });

  it("a claim is used once: the same held identity opens nothing again", async () => {
    const squatter = await createUser({ name: SQUATTER });
    const { govbr } = await govbrSignIn(govbrClaims(squatter.cpf, { email: `outra.${squatter.cpf}@exemplo.com.br` }));
    expect((await postLinkPage(govbr!, { intent: "claim" })).status).toBe(302);
    const again = await postLinkPage(govbr!, { intent: "claim" });
    expect(again.status).toBe(400);
    expect(again.userId).toBeNull();
    expect(await db.user.count({ where: { OR: [{ cpf: squatter.cpf }, { govbrSubject: squatter.cpf }] } })).toBe(1);
  });
});
