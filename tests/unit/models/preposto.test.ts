// The titular's side of a preposto (Patrocínio, Lei 4.883/2017, art. 14; issue #29): only the
// titular the application names, holding a credential in force, sends the papers the law makes
// them hand in; anyone else is refused (403) and audited, with nothing stored.
import { beforeAll, describe, expect, it } from "vitest";
import { unmetRequirements } from "~/domain/eligibility/unmet";
import { isRefusal } from "~/domain/refusal";
import { evaluateFor, getApplication, startApplication, submissionBlockers } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { approveAndIssue } from "~/models/approval.server";
import { prepostosOf, requireTitularOf, sendPrepostoDocument, titularSeenByPreposto } from "~/models/preposto.server";
import { db } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import { actorFor } from "../../e2e/fixtures/operator-support";
import { conformanceMatrix, prepareForApproval, rememberTitular, staffActor } from "../../support/conformance";
import { createUser, storedFile } from "../../support/factories";

const TITULAR = conformanceMatrix().find(
  (c) => c.pack.id === "patrocinio-mg" && c.category === "MOTOBOY" && c.mode === "AUTONOMO",
)!;

let titular: { id: string; cpf: string };
let preposto: { id: string; cpf: string };
let applicationId: string;
let municipalityId: string;

async function refusalOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (isRefusal(e)) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error("não foi recusado");
}

beforeAll(async () => {
  const p = await prepareForApproval(TITULAR);
  await approveAndIssue(p.applicationId, p.municipality.id, staffActor);
  rememberTitular(p);
  titular = { id: p.user.id, cpf: p.user.cpf };
  municipalityId = p.municipality.id;
  preposto = await createUser({ name: "Preposto de Teste" });
  const { application } = await startApplication(
    preposto.id,
    {
      municipalityId,
      category: "MOTOBOY",
      mode: "PREPOSTO",
      draftJson: JSON.stringify({ vehicle: {}, titularCpf: titular.cpf }),
    },
    actorFor(preposto.id, "CONDUTOR"),
  );
  applicationId = application.id;
}, 120_000);

describe("the titular's page for a preposto (Lei 4.883/2017, art. 14)", () => {
  it("lists the preposto's application to the titular it names, with the two papers the law asks of them, cited", async () => {
    const list = await prepostosOf(titular);
    const item = list.find((a) => a.id === applicationId);
    expect(item).toMatchObject({ preposto: expect.any(String), inForce: true, open: true, status: "DRAFT" });
    expect(item!.documents.map((d) => [d.type, d.citation, d.status, d.canSend])).toEqual([
      ["INDICACAO_PREPOSTO", "Lei 4.883/2017, art. 14, § 1º", "MISSING", true],
      ["ESCALA_SERVICO", "Lei 4.883/2017, art. 14, § 3º", "MISSING", true],
    ]);
    expect((await prepostosOf(preposto)).find((a) => a.id === applicationId)).toBeUndefined();
  });

  it("e-mails the titular it names, once, with the application's number and the way to Prepostos", async () => {
    const { email } = await db.user.findUniqueOrThrow({ where: { id: titular.id } });
    const number = (await getApplication(applicationId))!.number;
    const mails = await db.outboxMessage.findMany({ where: { to: email, subject: { contains: number } } });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Você foi indicado como titular no requerimento ${number}`);
    expect(mails[0].text).toContain("Preposto de Teste fez o requerimento");
    expect(mails[0].text).toMatch(/\/prepostos\n/);
    expect(mails[0].text, "nada do CPF do preposto").not.toContain(preposto.cpf);
  });

  it("writes to nobody when the CPF it names has no account, and tells the preposto nothing of it", async () => {
    const other = await createUser({ name: "Preposto de Ninguém" });
    const before = await db.outboxMessage.count();
    const { application } = await startApplication(
      other.id,
      {
        municipalityId,
        category: "MOTOBOY",
        mode: "PREPOSTO",
        draftJson: JSON.stringify({ vehicle: {}, titularCpf: "52998224725" }),
      },
      actorFor(other.id, "CONDUTOR"),
    );
    expect(application.status).toBe("DRAFT");
    expect(await db.outboxMessage.count()).toBe(before);
  });

  it("holds the preposto's submission and the approval on the titular's papers, saying so", async () => {
    const app = (await getApplication(applicationId))!;
    const { result } = await evaluateFor(app);
    const blockers = submissionBlockers(result);
    expect(blockers).toContain(
      "Aguardando o titular: Indicação do preposto, por escrito, pelo titular (Lei 4.883/2017, art. 14, § 1º) — o titular envia pela página Prepostos.",
    );
    expect(unmetRequirements(result, "o requerimento")).toContain(
      "Escala do titular e do preposto: não enviado, aguardando o titular (Lei 4.883/2017, art. 14, § 3º)",
    );
  });

  it("refuses someone who is not the titular with 403, audits it, and stores nothing", async () => {
    const file = await storedFile("%PDF-1.4 indicação forjada");
    const before = await db.auditEvent.count({
      where: { action: "preposto.document_refused", subjectId: applicationId },
    });
    const refused = await refusalOf(
      sendPrepostoDocument(
        preposto,
        applicationId,
        file,
        { type: "INDICACAO_PREPOSTO" },
        actorFor(preposto.id, "CONDUTOR"),
      ),
    );
    expect(refused.kind).toBe("forbidden");
    expect(refused.message).toMatch(/Só o titular indicado/);
    expect(
      await db.auditEvent.count({ where: { action: "preposto.document_refused", subjectId: applicationId } }),
    ).toBe(before + 1);
    expect(await currentDocuments(applicationId)).toHaveLength(0);
    expect(await getStorage().exists(file.key)).toBe(false);
  });

  it("keeps the titular's name from the preposto until the titular sends something", async () => {
    const app = await db.application.findUniqueOrThrow({ where: { id: applicationId } });
    expect(await titularSeenByPreposto(app)).toMatchObject({ name: null });
    const file = await storedFile("%PDF-1.4 indicação");
    await sendPrepostoDocument(
      titular,
      applicationId,
      file,
      { type: "INDICACAO_PREPOSTO" },
      actorFor(titular.id, "CONDUTOR"),
    );
    expect((await currentDocuments(applicationId)).map((d) => d.type)).toEqual(["INDICACAO_PREPOSTO"]);
    expect((await titularSeenByPreposto(app))?.name).toEqual(expect.any(String));
  });

  it("refuses a document the law does not ask of the titular", async () => {
    const file = await storedFile("%PDF-1.4 cnh");
    const refused = await refusalOf(
      sendPrepostoDocument(titular, applicationId, file, { type: "CNH" }, actorFor(titular.id, "CONDUTOR")),
    );
    expect(refused.kind).toBe("invalid");
  });

  it("refuses a titular whose credential is not in force (403, audited): one with none cannot indicate", async () => {
    const person = await db.person.findUniqueOrThrow({ where: { cpf: titular.cpf } });
    const held = await db.credential.findMany({ where: { holderPersonId: person.id, status: "ACTIVE" } });
    await db.credential.updateMany({ where: { id: { in: held.map((c) => c.id) } }, data: { status: "SUSPENDED" } });
    try {
      const refused = await refusalOf(requireTitularOf(titular, applicationId, actorFor(titular.id, "CONDUTOR")));
      expect(refused).toMatchObject({ kind: "forbidden", message: expect.stringMatching(/credencial em vigor/) });
      const last = await db.auditEvent.findFirst({
        where: { action: "preposto.document_refused", subjectId: applicationId },
        orderBy: { seq: "desc" },
      });
      expect(last?.afterJson).toContain("titular_sem_credencial_em_vigor");
    } finally {
      await db.credential.updateMany({ where: { id: { in: held.map((c) => c.id) } }, data: { status: "ACTIVE" } });
    }
  });

  it("says not found for an application that is not a preposto's", async () => {
    const refused = await refusalOf(
      requireTitularOf(titular, "c000000000000000000000000", actorFor(titular.id, "CONDUTOR")),
    );
    expect(refused.kind).toBe("not-found");
  });
});
