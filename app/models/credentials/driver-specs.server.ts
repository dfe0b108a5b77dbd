// What a driver's approval issues and how each credential is drawn: the crachá, certificate or
// seal with the category's printed label, the badge's band colour and the fields the law prints.
import { formatPlate, maskCpf } from "~/domain/br";
import { validUntilWhereLawIsSilent } from "~/domain/eligibility";
import { conflict } from "~/domain/refusal";
import {
  applies,
  type Category,
  categoryOffer,
  type IdentificationField,
  identificationFields,
  type RulePack,
} from "~/domain/rule-packs";
import type { ApprovalFacts } from "../approval-facts.server";
import type { CredentialSpec } from "./issue.server";

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
  p: ApprovalFacts["person"],
  controlNumber: string | undefined,
  operatorName: string | null,
) {
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

const CARD_FIELD_LABELS: Record<string, string> = {
  BLOOD_TYPE: "o tipo sanguíneo do condutor",
  VEHICLE_CONTROL_NUMBER: "o número de controle da motocicleta na empresa",
  COMPANY_NAME: "a empresa do condutor",
  PHOTO: "a foto do condutor aceita pela prefeitura",
};

/** The credentials the approval issues, each with its layout; refused (409) when the card lacks a fact the law prints. */
export function driverCredentialSpecs(facts: ApprovalFacts): CredentialSpec[] {
  const { app, person, pack, result, category, mode, vistoria, vehicleDraft, operatorName, photo } = facts;
  const issuer = { municipality: app.municipality.name, uf: app.municipality.uf, timeZone: app.municipality.timeZone };
  const categoryInfo = { label: PDF_CATEGORY[category], color: bandColour(pack, category) };
  const mustCarry = pack.serviceRequirements
    .filter((s) => !s.appliesTo || applies(s.appliesTo, category, mode))
    .slice(0, 4)
    .map((s) => s.label);
  const plate = vehicleDraft.plate ?? null;

  return result.credentials
    .filter((c) => c.type !== "CERTIFICADO_OPERADOR")
    .map((preview) => {
      // What the law's identification cards print on this credential (Jardim arts. 18 and 22).
      const cardFields = identificationFields(pack, category, mode, preview.type);
      assertCardFacts(cardFields, {
        bloodType: person.bloodType,
        controlNumber: vehicleDraft.controlNumber,
        operatorName,
        photo: Boolean(photo),
      });
      const extras = idCardExtras(cardFields, person, vehicleDraft.controlNumber, operatorName);
      const validFrom = preview.validFrom;
      const base = {
        type: preview.type,
        category,
        holderName: person.fullName,
        plate,
        validFrom,
        holderPersonId: person.id,
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
              holderName: person.fullName,
              plate: plate ? formatPlate(plate) : null,
              operator: operatorName,
              validFrom,
              validUntil,
              verification: { serial, qrText, domain },
              legalBasis: preview.citation,
              mustCarry,
              // The crachá prints one code, its own (ADR 027): a registration number that is another
              // credential's serial goes on the back, under the law's name for it.
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
            holderName: person.fullName,
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
}
