// What approving a driver's application reads first (409 when something is missing), and whether the
// vehicle is the applicant's to take (ADR 055).
import { parseDraft, titularCpfOf } from "~/domain/applications/draft";
import { vistoriaChecklist } from "~/domain/eligibility";
import { unmetRequirements } from "~/domain/eligibility/unmet";
import { type ApplicantSide, approvalRefusalMessage, approvalTenancy } from "~/domain/operators/vehicle-tenancy";
import { conflict, notFound } from "~/domain/refusal";
import { type Category, holderPhotoDocument, type Mode, needsOperator } from "~/domain/rule-packs";
import { db } from "~/utils/db.server";
import { type ApplicationWithRelations, evaluateFor, getApplication, today } from "./application.server";
import { currentDocuments } from "./application-facts.server";
import { activeLink } from "./driver-standing.server";
import { townOf, vehicleHolding } from "./fleet-checks.server";
import { passedVistoria } from "./vistoria.server";

/** Refuses (409) a crachá whose holder photo is not accepted, or is not an image the card can print. */
function assertPrintablePhoto(
  photo: { mime: string } | null,
  declared: { label: string; citation: string },
): asserts photo is { mime: string } {
  if (!photo)
    throw conflict(
      `Não é possível emitir o crachá: a foto do condutor (${declared.label}) ainda não foi aceita pela prefeitura (${declared.citation}). Aceite a foto na análise dos documentos, ou peça ao condutor uma foto nova.`,
    );
  if (photo.mime !== "image/jpeg" && photo.mime !== "image/png")
    throw conflict(
      `Não é possível emitir o crachá: a foto do condutor (${declared.label}) foi enviada como PDF e não pode ser impressa no cartão. Peça ao condutor que envie a foto como imagem (JPEG ou PNG).`,
    );
}

/** Who the approval acts for on the vehicle: the applicant, their bond's company, or their titular (a preposto). */
export async function applicantSide(app: ApplicationWithRelations, operatorId: string | null): Promise<ApplicantSide> {
  const titularCpf = titularCpfOf(app);
  const titular = titularCpf ? await db.person.findUnique({ where: { cpf: titularCpf }, select: { id: true } }) : null;
  return { personId: app.person!.id, mode: app.mode, operatorId, titularPersonId: titular?.id ?? null };
}

/**
 * The refusal if approving would take the vehicle from another fleet or driver (ADR 055), else null;
 * shown before "Confirmar e emitir".
 */
export async function vehicleConflict(app: ApplicationWithRelations): Promise<string | null> {
  const plate = parseDraft(app.draftJson).vehicle.plate;
  if (!plate || !app.person) return null;
  const link = await activeLink(app.personId, app.linkedOperatorId);
  const tenancy = approvalTenancy(await vehicleHolding(plate), await applicantSide(app, link?.operatorId ?? null));
  return tenancy.ok ? null : approvalRefusalMessage(tenancy, plate, townOf(app.municipality));
}

/** The application to approve with what its credentials are drawn from; refuses what the law does not allow. */
export async function approvalFacts(applicationId: string, municipalityId: string, now: Date) {
  const app = await getApplication(applicationId);
  if (!app || app.municipalityId !== municipalityId) throw notFound("Requerimento não encontrado.");
  if (app.status === "ISSUED") throw conflict("As credenciais deste requerimento já foram emitidas.");
  if (app.status !== "IN_REVIEW") throw conflict("Só um requerimento em análise pode ser aprovado.");
  const person = app.person;
  if (!person) throw conflict("Requerimento sem condutor.");
  const date = today(now, app.municipality.timeZone);
  const { pack, result } = await evaluateFor(app, date);
  if (!result.eligible) throw conflict(unmetRequirements(result, "o requerimento"));

  const category = app.category as Category;
  const mode = app.mode as Mode;
  const vistoriaSpec = vistoriaChecklist(pack, category, mode);
  const vistoria = await passedVistoria(app.id, date);
  if (vistoriaSpec && !vistoria)
    throw conflict(`A vistoria do veículo ainda não foi aprovada (${vistoriaSpec.periodCitation}).`);

  const vehicleDraft = parseDraft(app.draftJson).vehicle;
  const link = await activeLink(app.personId, app.linkedOperatorId);
  if (needsOperator(pack, category, mode) && !link) {
    throw conflict(
      "Não é possível aprovar: o condutor não tem vínculo ativo com a empresa indicada (a empresa convida e o condutor aceita no portal).",
    );
  }
  const operator = link ? await db.operator.findUnique({ where: { id: link.operatorId } }) : null;
  const operatorName = operator ? (operator.tradeName ?? operator.legalName) : null;
  const photoDocument = holderPhotoDocument(pack, category, mode);
  const photo = photoDocument
    ? ((await currentDocuments(app)).find((d) => d.type === photoDocument.type && d.reviewStatus === "ACCEPTED") ??
      null)
    : null;
  // No crachá with a placeholder face (issue #16): it waits for an accepted, printable photo (JPEG
  // or PNG: an accepted PDF cannot be printed on the card).
  if (photoDocument && result.credentials.some((c) => c.type === "CRACHA")) assertPrintablePhoto(photo, photoDocument);
  return { app, person, date, pack, result, category, mode, vistoria, vehicleDraft, link, operatorName, photo };
}

export type ApprovalFacts = Awaited<ReturnType<typeof approvalFacts>>;
