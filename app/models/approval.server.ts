// "Approve and issue": one staff action that checks the application against its rule pack,
// approves it and issues the credentials of its category — all or nothing.
import { conflict, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import type { Actor } from "~/utils/audit.server";
import {
  applies,
  categoryOffer,
  holderPhotoDocument,
  identificationFields,
  needsOperator,
  type Category,
  type IdentificationField,
  type Mode,
  type RulePack,
} from "~/domain/rule-packs";
import { parseDraft, titularCpfOf } from "~/domain/applications/draft";
import { maskCpf, formatPlate } from "~/domain/br";
import { validUntilWhereLawIsSilent, vistoriaChecklist } from "~/domain/eligibility";
import { unmetRequirements } from "~/domain/eligibility/unmet";
import { applyAction, evaluateFor, getApplication, today, type ApplicationWithRelations } from "./application.server";
import { currentDocuments } from "./application-facts.server";
import { ensureStoredPdf } from "./credentials/pdf.server";
import { issueCredentials, signerForMunicipality, type CredentialSpec } from "./credentials/issue.server";
import { passedVistoria } from "./vistoria.server";
import { assertApprovalKeepsPenalties } from "./renewal.server";
import { activeLink } from "./driver-standing.server";
import { vehicleHolding } from "./fleet.server";
import { approvalRefusalMessage, approvalTenancy, type ApplicantSide } from "~/domain/operators/vehicle-tenancy";

const PDF_CATEGORY: Record<Category, string> = {
  MOTOTAXI: "MOTOTÁXI",
  MOTOBOY: "MOTOBOY",
  MOTOFRETE: "MOTO-FRETE",
  APLICATIVO: "TRANSPORTE POR APLICATIVO",
};

/** A service colour the law describes in words, as the band colour of the badge. */
function bandColour(pack: RulePack, category: Category): string | null {
  const colour =
    categoryOffer(pack, category)
      ?.colours.find((c) => c.part === "VEICULO")
      ?.colour.toLowerCase() ?? "";
  if (colour.startsWith("amarel")) return "#F2B705";
  if (colour.startsWith("pret")) return "#1B1B1B";
  if (colour.startsWith("branc")) return "#FFFFFF";
  return null;
}

/** The fields the law prints on this credential that stay out of the token (Jardim arts. 18 and 22). */
function idCardExtras(
  fields: IdentificationField[],
  app: ApplicationWithRelations,
  controlNumber: string | undefined,
  operatorName: string | null,
) {
  const p = app.person!;
  const extras: { label: string; value: string }[] = [];
  for (const { field } of fields) {
    if (field === "COMPANY_NAME" && operatorName) extras.push({ label: "Empresa", value: operatorName });
    if (field === "VEHICLE_CONTROL_NUMBER" && controlNumber)
      extras.push({ label: "Nº de controle da moto", value: controlNumber });
    if (field === "BLOOD_TYPE" && p.bloodType) extras.push({ label: "Tipo sanguíneo", value: p.bloodType });
    if (field === "PERSONAL_DOCUMENT_NUMBERS") {
      // One line each: on one line an ordinary RG pushed the CPF off the card.
      if (p.rgNumber) extras.push({ label: "RG", value: `${p.rgNumber}${p.rgIssuer ? ` ${p.rgIssuer}` : ""}` });
      extras.push({ label: "CPF", value: maskCpf(p.cpf) });
      if (p.cnhNumber) extras.push({ label: "CNH", value: p.cnhNumber });
    }
  }
  return extras;
}

/** The law's identification card needs these facts printed; refused (409) when one is missing. */
function assertCardFacts(
  fields: IdentificationField[],
  facts: { bloodType: string | null; controlNumber?: string; operatorName: string | null; photo: boolean },
) {
  for (const f of fields) {
    const missing =
      (f.field === "BLOOD_TYPE" && !facts.bloodType) ||
      (f.field === "VEHICLE_CONTROL_NUMBER" && !facts.controlNumber) ||
      (f.field === "COMPANY_NAME" && !facts.operatorName) ||
      (f.field === "PHOTO" && !facts.photo);
    if (missing)
      throw conflict(
        `Não é possível emitir: falta ${CARD_FIELD_LABELS[f.field]}, que a lei manda constar do cartão de identificação (${f.citations.join("; ")}).`,
      );
  }
}

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

const CARD_FIELD_LABELS: Record<string, string> = {
  BLOOD_TYPE: "o tipo sanguíneo do condutor",
  VEHICLE_CONTROL_NUMBER: "o número de controle da motocicleta na empresa",
  COMPANY_NAME: "a empresa do condutor",
  PHOTO: "a foto do condutor aceita pela prefeitura",
};

/** Who the approval acts for on the vehicle: the applicant, the company of their bond in force, their titular (a preposto). */
async function applicantSide(app: ApplicationWithRelations, operatorId: string | null): Promise<ApplicantSide> {
  const titularCpf = titularCpfOf(app);
  const titular = titularCpf ? await db.person.findUnique({ where: { cpf: titularCpf }, select: { id: true } }) : null;
  return { personId: app.person!.id, mode: app.mode, operatorId, titularPersonId: titular?.id ?? null };
}

const townOf = (m: { id: string; name: string; uf: string }) => ({ id: m.id, label: `${m.name}/${m.uf}` });

/**
 * Why approving would take the application's vehicle from whoever holds it — another company's
 * fleet, another driver (ADR 055) — in the words of the refusal; null when the vehicle is new,
 * held by nobody, the applicant's own, in the fleet of the company they are linked to, or their
 * titular's. The confirmation page shows it before "Confirmar e emitir".
 */
export async function vehicleConflict(app: ApplicationWithRelations): Promise<string | null> {
  const plate = parseDraft(app.draftJson).vehicle.plate;
  if (!plate || !app.person) return null;
  const link = await activeLink(app.personId, app.linkedOperatorId);
  const tenancy = approvalTenancy(await vehicleHolding(plate), await applicantSide(app, link?.operatorId ?? null));
  return tenancy.ok ? null : approvalRefusalMessage(tenancy, plate, townOf(app.municipality));
}

export async function approveAndIssue(applicationId: string, municipalityId: string, actor: Actor, now = new Date()) {
  const app = await getApplication(applicationId);
  if (!app || app.municipalityId !== municipalityId) throw notFound("Requerimento não encontrado.");
  if (app.status === "ISSUED") throw conflict("As credenciais deste requerimento já foram emitidas.");
  if (app.status !== "IN_REVIEW") throw conflict("Só um requerimento em análise pode ser aprovado.");
  if (!app.person) throw conflict("Requerimento sem condutor.");
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
  // No crachá with a placeholder instead of the holder's face (issue #16): the pack declares the
  // photo wherever it issues a crachá (load.ts), so a crachá waits for that photo, accepted and
  // printable (a JPEG or PNG: an accepted PDF cannot be printed on the card).
  if (photoDocument && result.credentials.some((c) => c.type === "CRACHA")) assertPrintablePhoto(photo, photoDocument);
  const issuer = { municipality: app.municipality.name, uf: app.municipality.uf, timeZone: app.municipality.timeZone };
  const categoryInfo = { label: PDF_CATEGORY[category], color: bandColour(pack, category) };
  const mustCarry = pack.serviceRequirements
    .filter((s) => !s.appliesTo || applies(s.appliesTo, category, mode))
    .slice(0, 4)
    .map((s) => s.label);
  const plate = vehicleDraft.plate ?? null;

  const specs: CredentialSpec[] = result.credentials
    .filter((c) => c.type !== "CERTIFICADO_OPERADOR")
    .map((preview) => {
      // What the law's identification cards print on this credential (Jardim arts. 18 and 22).
      const cardFields = identificationFields(pack, category, mode, preview.type);
      assertCardFacts(cardFields, {
        bloodType: app.person!.bloodType,
        controlNumber: vehicleDraft.controlNumber,
        operatorName,
        photo: Boolean(photo),
      });
      const extras = idCardExtras(cardFields, app, vehicleDraft.controlNumber, operatorName);
      const validFrom = preview.validFrom;
      const base = {
        type: preview.type,
        category,
        holderName: app.person!.fullName,
        plate,
        validFrom,
        holderPersonId: app.person!.id,
        operatorName,
      };
      if (preview.issuedOn === "VISTORIA") {
        // The seal shows the vistoria's own validity (Itaúna art. 8º, IX; Lavras art. 10, § 2º).
        if (!vistoria?.validUntil || !plate)
          throw conflict(
            `O ${preview.label.toLowerCase()} só é emitido para um veículo com placa e vistoria aprovada (${preview.citation}).`,
          );
        const validUntil = vistoria.validUntil;
        return {
          ...base,
          validUntil,
          layout: ({ serial, qrText, domain, registrationNumber }) => ({
            layout: "seal" as const,
            data: {
              issuer,
              category: categoryInfo,
              registrationCode: registrationNumber,
              plate: formatPlate(plate),
              vistoriaValidUntil: validUntil,
              legalBasis: preview.citation,
              verification: { serial, qrText, domain },
            },
          }),
        } satisfies CredentialSpec;
      }
      const validUntil = preview.validUntil ?? validUntilWhereLawIsSilent(pack, validFrom);
      if (preview.type === "CRACHA") {
        const stamped = cardFields.some((f) => f.field === "PHOTO" && f.stamped);
        return {
          ...base,
          validUntil,
          layout: ({ serial, qrText, domain, registrationNumber }) => ({
            layout: "badge" as const,
            photoDocumentId: photo?.id ?? null,
            data: {
              issuer,
              category: categoryInfo,
              holderName: app.person!.fullName,
              plate: plate ? formatPlate(plate) : null,
              operator: operatorName,
              validFrom,
              validUntil,
              verification: { serial, qrText, domain },
              legalBasis: preview.citation,
              mustCarry,
              // The crachá prints one code, its own (ADR 027). Where the law wants the registration
              // number on the card and the registration is another credential's serial, it is
              // printed on the back under the law's own name for it, never beside the code.
              extraFields:
                cardFields.some((f) => f.field === "REGISTRATION_NUMBER") &&
                !serial.startsWith(`${registrationNumber}-`)
                  ? [...extras, { label: "Nº de inscrição do condutor", value: registrationNumber }]
                  : extras,
              photoStamp: stamped ? `Prefeitura de ${app.municipality.name}` : null,
            },
          }),
        } satisfies CredentialSpec;
      }
      return {
        ...base,
        validUntil,
        layout: ({ serial, qrText, domain, registrationNumber }) => ({
          layout: "certificate" as const,
          photoDocumentId: photo?.id ?? null,
          data: {
            issuer,
            title: preview.label,
            category: categoryInfo,
            holderName: app.person!.fullName,
            registrationNumber,
            vehicle: plate
              ? {
                  plate: formatPlate(plate),
                  description:
                    [vehicleDraft.make, vehicleDraft.model, vehicleDraft.colour].filter(Boolean).join(" ") || null,
                }
              : null,
            operator: operatorName,
            validFrom,
            validUntil,
            legalBasis: preview.citation,
            verification: { serial, qrText, domain },
          },
        }),
      } satisfies CredentialSpec;
    });
  if (specs.length === 0) {
    // The act is a registration with nothing to print (Lavras's additional driver, art. 8º: the
    // vehicle's seal is the titular driver's): approval registers the driver and stops there.
    if (!result.act) throw conflict("A lei não prevê ato nem credencial para esta categoria e modo.");
    await applyAction(app.id, "approve", actor, { expectedStatus: "IN_REVIEW", now });
    return [];
  }

  // The vehicle stays whose it is (ADR 055): refused here, before anything is signed, and again
  // inside the transaction that writes it.
  const side = await applicantSide(app, link?.operatorId ?? null);
  const here = townOf(app.municipality);
  if (plate) {
    const tenancy = approvalTenancy(await vehicleHolding(plate), side);
    if (!tenancy.ok) throw conflict(approvalRefusalMessage(tenancy, plate, here));
  }
  const signer = await signerForMunicipality(municipalityId, actor);
  const previous = await db.credential.findMany({
    where: { holderPersonId: app.person.id, municipalityId, category, status: { in: ["ACTIVE", "SUSPENDED"] } },
    select: { id: true, type: true, serial: true, status: true, suspendedUntil: true },
  });
  await assertApprovalKeepsPenalties(app, previous, date);
  const issued = await db
    .$transaction(async (tx) => {
      await applyAction(app.id, "approve", actor, { tx, expectedStatus: "IN_REVIEW", now });
      let vehicleId = app.vehicleId;
      if (plate) {
        const holding = await vehicleHolding(plate, tx);
        const tenancy = approvalTenancy(holding, side);
        if (!tenancy.ok) throw conflict(approvalRefusalMessage(tenancy, plate, here));
        const data = {
          renavam: vehicleDraft.renavam,
          make: vehicleDraft.make,
          model: vehicleDraft.model,
          colour: vehicleDraft.colour,
          manufactureYear: vehicleDraft.manufactureYear,
          firstRegistrationDate: vehicleDraft.firstRegistrationDate,
          displacementCc: vehicleDraft.displacementCc,
          doors: vehicleDraft.doors,
          passengerSeats: vehicleDraft.passengerSeats,
          registrationCategory: vehicleDraft.registrationCategory,
          ownerKind: vehicleDraft.ownerKind,
          ownerName: vehicleDraft.ownerName,
          leased: vehicleDraft.leased ?? false,
          controlNumber: vehicleDraft.controlNumber,
          operatorId: side.operatorId,
        };
        if (!holding) {
          vehicleId = (await tx.vehicle.create({ data: { plate, ...data } })).id;
        } else {
          vehicleId = holding.id;
          // A vehicle held by nobody else takes the approved data (and joins the linked company's
          // fleet); one in the linked company's fleet too. The titular's vehicle is theirs: their
          // preposto only joins it.
          if (tenancy.kind !== "SHARED") {
            const written = await tx.vehicle.updateMany({
              where: { id: holding.id, operatorId: holding.fleet?.operatorId ?? null },
              data,
            });
            if (written.count !== 1)
              throw conflict(
                "O veículo mudou de frota agora há pouco. Recarregue a página e confira antes de aprovar.",
              );
          }
        }
        await tx.application.update({ where: { id: app.id }, data: { vehicleId } });
        const linked = await tx.vehicleDriver.findFirst({
          where: { vehicleId, personId: app.person!.id, until: null },
        });
        if (!linked) await tx.vehicleDriver.create({ data: { vehicleId, personId: app.person!.id } });
      }
      const credentials = await issueCredentials(
        tx,
        app.municipality,
        specs.map((s) => ({ ...s, vehicleId })),
        signer,
        actor,
        { applicationId: app.id, supersedes: previous, now },
      );
      await applyAction(app.id, "issue", actor, { tx, expectedStatus: "APPROVED", now });
      return credentials;
    })
    .catch((e: unknown) => {
      // Two approvals at once: the one that lost the race changed nothing (one transaction).
      if ((e as { code?: string }).code === "P2002")
        throw conflict("Outra pessoa emitiu as credenciais deste requerimento agora há pouco. Recarregue a página.");
      throw e;
    });
  // PDFs are rendered from the stored data; a failure here leaves the credential valid and the
  // PDF is rendered on first download.
  for (const c of issued) await ensureStoredPdf(c.id).catch((e) => console.error("PDF não armazenado:", c.serial, e));
  return issued;
}
