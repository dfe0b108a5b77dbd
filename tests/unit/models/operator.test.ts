import { describe, expect, it } from "vitest";
import { Refusal } from "~/domain/refusal";
import { getPack } from "~/domain/rule-packs/shipped";
import { zRegistration } from "~/forms/operator";
import { applyAction } from "~/models/application.server";
import { registerOperator } from "~/models/operator.server";
import { evaluateOperatorApplication, submitOperatorApplication } from "~/models/operator-application.server";
import { approveOperatorAndIssue } from "~/models/operator-approval.server";
import { offeredKinds, operatorCategories } from "~/models/operator-policy.server";
import { verifyCredentialSerial } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import {
  account,
  actorFor,
  cnpjFrom,
  credentialed,
  inReview,
  randomCnpj,
  registered,
  staffActor,
  town,
  withDocuments,
} from "../../e2e/fixtures/operator-support";

const form = (over: Record<string, string>) => {
  const f = new FormData();
  const base = {
    municipio: "x",
    categoria: "APLICATIVO",
    kind: "PLATAFORMA",
    cnpj: "11.222.333/0001-81",
    legalName: "Plataforma Ltda",
    cep: "37200-000",
    street: "Rua A",
    addressNumber: "1",
    district: "Centro",
    city: "Lavras",
    uf: "mg",
    legalRepName: "Fulana de Tal",
    legalRepCpf: "529.982.247-25",
  };
  for (const [k, v] of Object.entries({ ...base, ...over })) f.set(k, v);
  return Object.fromEntries(f.entries());
};

describe("what each law offers operators", () => {
  it("derives the services and kinds of company from the pack", () => {
    expect(operatorCategories(getPack("lavras-mg")!).map((c) => c.code)).toEqual(["APLICATIVO"]);
    expect(offeredKinds(getPack("lavras-mg")!)).toEqual(["PLATAFORMA"]);
    expect(offeredKinds(getPack("jardim-ms")!)).toEqual(["CONCESSIONARIA"]);
    expect(offeredKinds(getPack("itauna-mg")!)).toEqual(["EMPRESA", "COOPERATIVA"]);
    // Patrocínio credentials natural persons only.
    expect(operatorCategories(getPack("patrocinio-mg")!)).toEqual([]);
  });

  it("accepts numeric and alphanumeric CNPJs and refuses bad check digits in Portuguese", () => {
    expect(zRegistration.safeParse(form({})).success).toBe(true);
    const alpha = cnpjFrom("12ABC3450001");
    const parsed = zRegistration.safeParse(form({ cnpj: alpha }));
    expect(parsed.success && parsed.data.cnpj).toBe(alpha);
    const bad = zRegistration.safeParse(form({ cnpj: "11.222.333/0001-82" }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe("CNPJ inválido: confira as letras e os dígitos.");
  });
});

describe("operator registration", () => {
  it("creates the company as a draft, its owner's role and an application in the review's shape", async () => {
    const m = await town("lavras-mg");
    const { owner, operatorId, applicationId } = await registered(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const operator = await db.operator.findUniqueOrThrow({ where: { id: operatorId } });
    expect(operator.status).toBe("DRAFT");
    const role = await db.roleAssignment.findFirstOrThrow({ where: { userId: owner.id, operatorId } });
    expect(role).toMatchObject({ role: "OPERADOR", operatorOwner: true, disabledAt: null });
    const app = await db.application.findUniqueOrThrow({ where: { id: applicationId }, include: { history: true } });
    expect(app).toMatchObject({
      subject: "OPERADORA",
      operatorId,
      mode: "OPERADORA",
      category: "APLICATIVO",
      municipalityId: m.id,
      status: "DRAFT",
      personId: null,
    });
    expect(app.number).toMatch(new RegExp(`^REQ-${m.serialPrefix}-\\d{4}-\\d{6}$`));
    expect(app.history.map((h) => h.toStatus)).toEqual(["DRAFT"]);
  });

  it("tells the company's team by e-mail when staff request changes, like a driver", async () => {
    const m = await town("lavras-mg");
    const { owner, actor, applicationId } = await registered(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    await withDocuments(applicationId, owner.id, actor);
    await inReview(applicationId, actor);
    await applyAction(applicationId, "request_changes", staffActor, { reason: "Envie o alvará atualizado." });
    const mail = await db.outboxMessage.findFirst({ where: { to: owner.email, subject: { contains: "Correções" } } });
    expect(mail?.text).toMatch(/alvará atualizado/);
    expect(mail?.text).toMatch(/\/operadora\//);
  });

  it("refuses a CNPJ already in the portal, a kind the law does not offer, and a town without operators — changing nothing", async () => {
    const m = await town("lavras-mg");
    const cnpj = randomCnpj();
    const first = await registered(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", cnpj });
    const other = await account("Outra Pessoa");
    const base = {
      municipalityId: m.id,
      category: "APLICATIVO" as const,
      kind: "PLATAFORMA" as const,
      cnpj,
      legalName: "Outra Ltda",
      tradeName: null,
      address: { cep: "37200000", street: "Rua B", addressNumber: "2", district: "Centro", city: "Lavras", uf: "MG" },
      legalRepName: "X",
      legalRepCpf: other.cpf,
      facts: {},
    };
    const before = await db.operator.count();
    expect(await registerOperator(other.id, base, actorFor(other.id))).toMatchObject({
      ok: false,
      errors: { cnpj: expect.stringContaining("Já existe uma empresa com este CNPJ") },
    });
    expect(
      await registerOperator(other.id, { ...base, cnpj: randomCnpj(), kind: "CONCESSIONARIA" }, actorFor(other.id)),
    ).toMatchObject({ ok: false, errors: { kind: expect.any(String) } });
    const patrocinio = await town("patrocinio-mg");
    expect(
      await registerOperator(
        other.id,
        { ...base, municipalityId: patrocinio.id, cnpj: randomCnpj(), category: "MOTOTAXI", kind: "EMPRESA" },
        actorFor(other.id),
      ),
    ).toMatchObject({ ok: false, errors: { categoria: expect.any(String) } });
    expect(await db.operator.count()).toBe(before);
    expect(await db.roleAssignment.count({ where: { userId: other.id } })).toBe(0);
    expect(first.operatorId).toBeTruthy();
  });
});

describe("the operator's application under its law", () => {
  it("asks for the documents of mode OPERADORA and reads the company facts (Jardim: assets; Itaúna: head office)", async () => {
    const jardim = await town("jardim-ms", 25000);
    const poor = await registered(jardim.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 5000 },
    });
    const { result } = await evaluateOperatorApplication(
      await db.application.findUniqueOrThrow({ where: { id: poor.applicationId } }),
    );
    expect(result.requiredDocuments.map((d) => d.type)).toEqual(
      expect.arrayContaining(["REQUERIMENTO_REGISTRO", "COMPROVACAO_PATRIMONIO"]),
    );
    expect(result.checks.find((c) => c.id === "operator_min_assets")).toMatchObject({
      status: "FAIL",
      citation: "Lei 904/1997, art. 9º, c",
    });
    expect(result.checks.find((c) => c.id === "quota_concessions")).toMatchObject({ status: "PASS" });

    const itauna = await town("itauna-mg");
    const away = await registered(itauna.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: false },
    });
    const { result: r2 } = await evaluateOperatorApplication(
      await db.application.findUniqueOrThrow({ where: { id: away.applicationId } }),
    );
    expect(r2.checks.find((c) => c.id === "operator_head_office")).toMatchObject({
      status: "FAIL",
      citation: "Lei 4.785/2013, art. 6º, IV",
    });
  });

  it("cannot be submitted while documents are missing", async () => {
    const m = await town("lavras-mg");
    const r = await registered(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", facts: { headOfficeHere: true } });
    const sent = await submitOperatorApplication(
      await db.application.findUniqueOrThrow({ where: { id: r.applicationId } }),
      r.actor,
    );
    expect(sent.ok).toBe(false);
    expect(sent.ok === false && sent.blockers.join(" ")).toContain("Falta enviar: Alvará de Funcionamento");
    expect((await db.application.findUniqueOrThrow({ where: { id: r.applicationId } })).status).toBe("DRAFT");
  });
});

describe("approveOperatorAndIssue", () => {
  it("issues a verifiable CERTIFICADO_OPERADOR and makes the company ACTIVE, once", async () => {
    const m = await town("lavras-mg");
    const { operator, certificate, applicationId, owner } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    expect(operator.status).toBe("ACTIVE");
    expect(certificate).toMatchObject({
      type: "CERTIFICADO_OPERADOR",
      holderOperatorId: operator.id,
      holderPersonId: null,
      category: "APLICATIVO",
    });
    expect(certificate.serial).toMatch(new RegExp(`^${m.serialPrefix}-AP-\\d{4}-\\d{6}$`));
    const stored = await db.credential.findUniqueOrThrow({ where: { id: certificate.id } });
    expect(stored.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const verdict = await verifyCredentialSerial(certificate.serial, { now: new Date(), channel: "CODIGO" });
    expect(verdict.body).toMatchObject({
      verdict: "VALID",
      credential: { type: "CERTIFICADO_OPERADOR", holderName: "Empresa de Teste Ltda" },
    });
    const app = await db.application.findUniqueOrThrow({
      where: { id: applicationId },
      include: { history: { orderBy: { at: "asc" } } },
    });
    expect(app.history.map((h) => h.toStatus)).toEqual(["DRAFT", "SUBMITTED", "IN_REVIEW", "APPROVED", "ISSUED"]);
    expect(
      await db.outboxMessage.count({ where: { to: owner.email, subject: { contains: "Empresa credenciada" } } }),
    ).toBe(1);
    await expect(approveOperatorAndIssue(applicationId, m.id, staffActor)).rejects.toMatchObject({ kind: "conflict" });
    expect(await db.credential.count({ where: { holderOperatorId: operator.id } })).toBe(1);
  });

  it("is a 404 for another municipality's application and refuses (409, nothing issued) what the law does not allow", async () => {
    const m = await town("jardim-ms", 2500); // one concession for 2,500 inhabitants
    await credentialed(m.id, { category: "MOTOTAXI", kind: "CONCESSIONARIA", facts: { declaredAssetsBrl: 20000 } });
    const second = await registered(m.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    });
    await withDocuments(second.applicationId, second.owner.id, second.actor);
    await inReview(second.applicationId, second.actor);
    const other = await town("jardim-ms");
    await expect(approveOperatorAndIssue(second.applicationId, other.id, staffActor)).rejects.toMatchObject({
      kind: "not-found",
    });
    const refused = await approveOperatorAndIssue(second.applicationId, m.id, staffActor).catch((e: Refusal) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).kind).toBe("conflict");
    expect((refused as Refusal).message).toContain("Lei 904/1997, art. 5º, a, com redação dada pela Lei 953/1999");
    expect(await db.credential.count({ where: { holderOperatorId: second.operatorId } })).toBe(0);
    expect((await db.operator.findUniqueOrThrow({ where: { id: second.operatorId } })).status).toBe("DRAFT");
  });
});
