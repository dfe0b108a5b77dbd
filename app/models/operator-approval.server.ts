// "Approve and issue" for an operator's credenciamento (approveAndIssue's counterpart): approval, the
// CERTIFICADO_OPERADOR, superseding the previous one and the company becoming ACTIVE in one transaction.
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { validUntilWhereLawIsSilent } from "~/domain/eligibility";
import { unmetRequirements } from "~/domain/eligibility/unmet";
import { conflict, notFound } from "~/domain/refusal";
import type { Category } from "~/domain/rule-packs";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { applyAction, today } from "./application.server";
import { type CredentialSpec, issueCredentials } from "./credentials/issue.server";
import { ensureStoredPdf } from "./credentials/pdf.server";
import { evaluateOperatorApplication } from "./operator-application.server";
import { assertApprovalKeepsPenalties } from "./renewal.server";
import { assertSegregated } from "./segregation.server";
import { signerFor } from "./signing-key.server";
import { linkFor } from "./user.server";

const address = (o: {
  street: string | null;
  addressNumber: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
}) =>
  [[o.street, o.addressNumber].filter(Boolean).join(", "), o.district, [o.city, o.uf].filter(Boolean).join("/")]
    .filter(Boolean)
    .join(" – ") || null;

/**
 * Approves an eligible IN_REVIEW operator application and issues its certificate; else 409 with
 * nothing changed. 403 to the company's members, and to all but a gestor if staff is among them.
 */
export async function approveOperatorAndIssue(
  applicationId: string,
  municipalityId: string,
  actor: Actor,
  now = new Date(),
) {
  const app = await db.application.findUnique({
    where: { id: applicationId },
    include: { municipality: true, operator: true },
  });
  if (!app || app.municipalityId !== municipalityId || app.subject !== "OPERADORA" || !app.operator)
    throw notFound("Requerimento não encontrado.");
  // Segregation (ADR 051): never by a member; by a gestor if staff is in the team. Asked again in applyAction.
  await assertSegregated(db, app, actor, "approve");
  if (app.status === "ISSUED") throw conflict("O certificado desta empresa já foi emitido.");
  if (app.status !== "IN_REVIEW") throw conflict("Só um requerimento em análise pode ser aprovado.");
  const operator = app.operator;
  const date = today(now, app.municipality.timeZone);
  const { pack, result } = await evaluateOperatorApplication(app, date);
  if (!result.eligible) throw conflict(unmetRequirements(result, "a empresa"));
  const preview = result.credentials.find((c) => c.type === "CERTIFICADO_OPERADOR");
  if (!preview) throw conflict("A lei não prevê certificado de credenciamento para esta empresa.");

  const category = app.category as Category;
  const validFrom = preview.validFrom;
  const validUntil = preview.validUntil ?? validUntilWhereLawIsSilent(pack, validFrom);
  const issuer = { municipality: app.municipality.name, uf: app.municipality.uf, timeZone: app.municipality.timeZone };
  const spec: CredentialSpec = {
    type: "CERTIFICADO_OPERADOR",
    category,
    holderName: operator.legalName,
    validFrom,
    validUntil,
    holderOperatorId: operator.id,
    operatorName: operator.tradeName ?? operator.legalName,
    layout: ({ serial, qrText, domain, registrationNumber }) => ({
      layout: "operator",
      data: {
        issuer,
        title: preview.label,
        category: { label: (CATEGORY_LABELS[category] ?? category).toUpperCase() },
        razaoSocial: operator.legalName,
        nomeFantasia: operator.tradeName,
        cnpj: operator.cnpj,
        address: address(operator),
        registrationNumber,
        validFrom,
        validUntil,
        legalBasis: preview.citation,
        verification: { serial, qrText, domain },
      },
    }),
  };
  const signer = await signerFor(municipalityId, actor);
  const previous = await db.credential.findMany({
    where: { holderOperatorId: operator.id, type: "CERTIFICADO_OPERADOR", status: { in: ["ACTIVE", "SUSPENDED"] } },
    select: { id: true, type: true, serial: true, status: true, suspendedUntil: true },
  });
  await assertApprovalKeepsPenalties(app, previous, date);
  const renewal = app.kind === "RENEWAL";
  const members = await db.roleAssignment.findMany({
    where: { operatorId: operator.id, role: "OPERADOR", disabledAt: null },
    include: { user: true },
  });
  const [certificate] = await db.$transaction(async (tx) => {
    await applyAction(app.id, "approve", actor, { tx, expectedStatus: "IN_REVIEW", now });
    const issued = await issueCredentials(tx, app.municipality, [spec], signer, actor, {
      applicationId: app.id,
      supersedes: previous,
      now,
    });
    await tx.operator.update({ where: { id: operator.id }, data: { status: "ACTIVE" } });
    await audit(tx, actor, {
      action: "operator.activate",
      subjectType: "Operator",
      subjectId: operator.id,
      municipalityId,
      before: { status: operator.status },
      after: { status: "ACTIVE", certificate: issued[0].serial },
      at: now,
    });
    await applyAction(app.id, "issue", actor, { tx, expectedStatus: "APPROVED", now });
    for (const m of members) {
      await enqueueMail(tx, m.user.email, {
        subject: `${renewal ? "Certificado renovado" : "Empresa credenciada"} — ${operator.tradeName ?? operator.legalName}`,
        text: `Olá, ${m.user.name}.\n\nA Prefeitura de ${app.municipality.name} aprovou ${renewal ? "a renovação do" : "o"} credenciamento de ${operator.legalName} (requerimento ${app.number}). O certificado ${issued[0].serial} está disponível no portal${previous.length ? " e substitui o anterior" : ""}:\n\n${linkFor(`/operadora/${operator.id}`)}`,
      });
    }
    return issued;
  });
  await ensureStoredPdf(certificate.id).catch((e) => console.error("PDF não armazenado:", certificate.serial, e));
  return certificate;
}

/** The company's certificate in force (or the newest one), for its pages. */
export async function operatorCertificate(operatorId: string) {
  return db.credential.findFirst({
    where: { holderOperatorId: operatorId, type: "CERTIFICADO_OPERADOR" },
    orderBy: { issuedAt: "desc" },
  });
}
