// Issue #35, low finding — "a preposto application stores the titular's CPF but never asks the
// titular nor shows it to reviewers": the review page shows the reviewers the titular a preposto's
// application names (Patrocínio, Lei 4.883/2017, art. 14) — name, CPF, and whether the titular
// holds a credential in force in the town. (Asking the titular to confirm is issue #29.)
import { beforeAll, describe, expect, it } from "vitest";
import { formatCpf } from "~/domain/br";
import { db } from "~/utils/db.server";
import { conformanceMatrix, municipalityFor, type Prepared, prepareForApproval } from "../support/conformance";
import { createUser } from "../support/factories";
import { loadRoute } from "../support/route-modules";
import { answerOf, cookieOf, ORIGIN, type RouteModule } from "./access-world";

const PREPOSTO = conformanceMatrix().find(
  (c) => c.pack.id === "patrocinio-mg" && c.category === "MOTOTAXI" && c.mode === "PREPOSTO",
)!;

const REVIEW = "m.$municipio.requerimentos.$id._index";
let prepared: Prepared;
let analyst: { id: string };
let titularCpf: string;

async function titularShown() {
  const { municipality: m, applicationId } = prepared;
  const mod = await loadRoute<RouteModule>(REVIEW);
  const request = new Request(`${ORIGIN}/m/${m.slug}/requerimentos/${applicationId}`, {
    headers: { cookie: await cookieOf(analyst) },
  });
  const answer = await answerOf(() =>
    mod.loader!({ request, params: { municipio: m.slug, id: applicationId }, context: { clientIp: "127.0.0.1" } }),
  );
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body).titular;
}

beforeAll(async () => {
  const m = await municipalityFor(PREPOSTO.pack);
  analyst = await createUser({ name: "Analista de Patrocínio" });
  await db.roleAssignment.create({ data: { userId: analyst.id, role: "ANALISTA", municipalityId: m.id } });
  // The builder issues the titular first, then takes the preposto's application to review.
  prepared = await prepareForApproval(PREPOSTO);
  const app = await db.application.findUniqueOrThrow({ where: { id: prepared.applicationId } });
  titularCpf = (JSON.parse(app.draftJson) as { titularCpf: string }).titularCpf;
}, 120_000);

describe("preposto titular shown to reviewers (issue #35, low finding)", () => {
  it("shows the titular the application names: name, CPF and the credential in force in the town", async () => {
    const titular = await titularShown();
    const account = await db.user.findUniqueOrThrow({ where: { cpf: titularCpf }, include: { person: true } });
    expect(titular).toMatchObject({ cpf: formatCpf(titularCpf), name: account.person!.fullName, inForce: true });
    expect(titular.credentials.length).toBeGreaterThan(0);
    expect(titular.credentials.every((c: { inForce: boolean }) => c.inForce)).toBe(true);
    // The preposto is not the titular: the page names someone else.
    expect(account.id).not.toBe(prepared.user.id);
  });

  it("says so when the titular's credentials are no longer in force", async () => {
    const person = await db.person.findUniqueOrThrow({ where: { cpf: titularCpf } });
    await db.credential.updateMany({
      where: { holderPersonId: person.id, municipalityId: prepared.municipality.id },
      data: { status: "SUSPENDED" },
    });
    const titular = await titularShown();
    expect(titular.inForce).toBe(false);
    expect(titular.credentials.map((c: { status: string }) => c.status)).toContain("SUSPENDED");
  });
});
