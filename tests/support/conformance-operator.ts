// The conformance matrix's builders for companies (mode OPERADORA): for a shipped rule pack, a
// category in which its law credentials companies and a kind of company it admits, a company taken
// from registration to its certificate through the models the pages call, and only those:
//
//   operadora.nova                      registerOperator (with the facts the form asks)
//   operadora.$id.documentos.enviar     attachDocument, by the company's owner
//   operadora.$id.documentos._index     submitOperatorApplication ("Enviar para análise")
//   m.$municipio.requerimentos.$id      startReview, decideDocument (an analyst of the city)
//   m.$municipio.requerimentos.$id.aprovar  approveForReview ("Aprovar e emitir")
//   operadora.$id.certificado           operatorCertificate (the PDF the company downloads)
//
// A requirement no page lets anyone satisfy stops the builder, naming it (a KNOWN_DEFECTS entry).
import { randomInt } from "node:crypto";
import { addDays, addYears } from "~/domain/eligibility/calendar";
import type { OperatorKind } from "~/domain/operators/vocabulary";
import { type Category, type RulePack } from "~/domain/rule-packs";
import { allPacks } from "~/domain/rule-packs/shipped";
import { today } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { attachDocument, decideDocument } from "~/models/document.server";
import { registerOperator } from "~/models/operator.server";
import { evaluateOperatorApplication, submitOperatorApplication } from "~/models/operator-application.server";
import { operatorCertificate } from "~/models/operator-approval.server";
import { offeredKinds, operatorCategories, operatorFactsAsked } from "~/models/operator-policy.server";
import { startReview } from "~/models/review.server";
import { approveForReview } from "~/models/review-dispatch.server";
import { db } from "~/utils/db.server";
import { actorFor, randomCnpj, validCpf } from "../e2e/fixtures/operator-support";
import { analystOf, municipalityFor } from "./conformance";
import { storedFile } from "./factories";

export type CompanyCombo = { pack: RulePack; category: Category; kind: OperatorKind };

/** Every municipality × category in which its law credentials companies × kind of company it admits (as operadora.nova offers them). */
export function companyMatrix(packs: readonly RulePack[] = allPacks): CompanyCombo[] {
  return packs.flatMap((pack) =>
    operatorCategories(pack).flatMap((c) => offeredKinds(pack).map((kind) => ({ pack, category: c.code, kind }))),
  );
}

export const companyKey = (c: CompanyCombo) => `${c.pack.id}:${c.category}:OPERADORA:${c.kind}`;

/** An account as sign-up leaves it (no password: nothing here signs in, and argon2id is slow). */
async function account(name: string) {
  const cpf = validCpf();
  return db.user.create({
    data: { cpf, name, email: `pessoa.${cpf}.${randomInt(1e9)}@teste.com.br`, emailVerifiedAt: new Date() },
  });
}

/**
 * A company of the combo registered, documented, reviewed and approved through the pages' models;
 * returns the company, its owner and the certificate its page serves.
 */
export async function companyThroughPages(combo: CompanyCombo) {
  const { pack, category, kind } = combo;
  const m = await municipalityFor(pack);
  const date = today(new Date(), m.timeZone);
  const owner = await account(`Representante ${pack.municipality.name} ${kind}`);
  const actor = actorFor(owner.id, "OPERADOR");
  const asked = operatorFactsAsked(pack, category);
  const legalName = `${kind === "COOPERATIVA" ? "Cooperativa" : "Empresa"} ${category} ${pack.municipality.name} Ltda`;
  const registered = await registerOperator(
    owner.id,
    {
      municipalityId: m.id,
      category,
      kind,
      cnpj: randomCnpj(),
      legalName,
      tradeName: `${kind} ${category} ${pack.municipality.name}`,
      address: {
        cep: "35680000",
        street: "Rua Principal",
        addressNumber: "10",
        district: "Centro",
        city: pack.municipality.name,
        uf: pack.municipality.uf,
      },
      legalRepName: owner.name,
      legalRepCpf: owner.cpf,
      // What operadora.nova asks (sede, patrimônio), answered as a company that qualifies.
      facts: {
        ...(asked.headOffice ? { headOfficeHere: true } : {}),
        ...(asked.assets ? { declaredAssetsBrl: asked.assets.minimumBrl * 2 } : {}),
      },
    },
    actor,
  );
  if (!registered.ok) throw new Error(`${companyKey(combo)}: cadastro recusado: ${JSON.stringify(registered.errors)}`);

  const app = await db.application.findUniqueOrThrow({ where: { id: registered.applicationId } });
  const { result } = await evaluateOperatorApplication(app, date);
  for (const d of result.requiredDocuments) {
    // operadora.$id.documentos.enviar takes the company's own documents; nothing else has a page.
    if (d.submittedBy !== "REQUERENTE")
      throw new Error(`${companyKey(combo)}: ${d.type} é entregue por ${d.submittedBy} — nenhuma página o recebe.`);
    const meta = {
      type: d.type,
      issueDate: addDays(date, -5),
      expiryDate: d.validity !== null || d.expiryOnDocument ? addYears(date, 3) : null,
    };
    await attachDocument(app, { userId: owner.id }, await storedFile(`%PDF-1.4 ${d.type}`), meta, actor);
  }
  const sent = await submitOperatorApplication(
    await db.application.findUniqueOrThrow({ where: { id: app.id } }),
    actor,
  );
  if (!sent.ok) throw new Error(`${companyKey(combo)}: envio recusado:\n${sent.blockers.join("\n")}`);

  const analyst = await analystOf(m.id);
  await startReview(app.id, m.id, analyst, "SUBMITTED");
  for (const d of await currentDocuments(app.id)) await decideDocument(d.id, m.id, { accept: true }, analyst);
  const issued = await approveForReview({ id: app.id, subject: "OPERADORA" }, m.id, analyst);
  const issuedId = Array.isArray(issued) ? null : issued.id;

  const operator = await db.operator.findUniqueOrThrow({ where: { id: registered.operatorId } });
  const certificate = await operatorCertificate(operator.id);
  if (!certificate || certificate.id !== issuedId)
    throw new Error(`${companyKey(combo)}: a página da empresa não mostra o certificado emitido.`);
  return { municipality: m, owner, operator, applicationId: app.id, certificate };
}
