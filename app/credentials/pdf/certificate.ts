/**
 * A4 certificate of the driver's registration / credenciamento / authorization
 * (e.g. Patrocínio's "certificado de registro cadastral", Lei 4.883/2017 art. 4º
 * § 1º; Itaúna's "Certificado de Credenciamento de Condutor", Lei 4.785/2013 art. 19).
 */
import { renderA4Certificate } from "./a4";
import { dateBR, plateBR } from "./format";
import type { CategoryInfo, IssuerInfo, LabeledValue, Signatory, VerificationInfo } from "./types";

export interface CertificateData {
  issuer: IssuerInfo;
  /** e.g. "Certificado de Registro Cadastral", "Certificado de Credenciamento de Condutor". */
  title: string;
  /** The act, as it completes "… encontra-se …": e.g. "registrado(a)", "credenciado(a)", "autorizado(a)". Default "registrado(a)". */
  act?: string;
  category: CategoryInfo;
  holderName: string;
  registrationNumber: string;
  vehicle?: { plate: string; description?: string | null } | null;
  operator?: string | null;
  validFrom: string;
  validUntil: string;
  legalBasis: string;
  verification: VerificationInfo;
  /** More rows for the field grid (e.g. modality, preposto). */
  extraFields?: readonly LabeledValue[];
  signatory?: Signatory | null;
  issuedAt: Date;
}

export async function renderCertificate(data: CertificateData): Promise<Uint8Array> {
  const place = `${data.issuer.municipality} – ${data.issuer.uf}`;
  const fields: LabeledValue[] = [
    { label: "Titular", value: data.holderName },
    { label: "Registro nº", value: data.registrationNumber },
  ];
  if (data.vehicle) {
    fields.push({ label: "Veículo – placa", value: plateBR(data.vehicle.plate) });
    if (data.vehicle.description) fields.push({ label: "Veículo", value: data.vehicle.description });
  }
  if (data.operator) fields.push({ label: "Operadora", value: data.operator });
  fields.push(...(data.extraFields ?? []));
  return renderA4Certificate({
    issuer: data.issuer,
    title: data.title,
    category: data.category,
    statement:
      `Certificamos que ${data.holderName} encontra-se ${data.act ?? "registrado(a)"} nesta Prefeitura para a prestação ` +
      `do serviço de ${data.category.label.toLowerCase()} no Município de ${place}, nos termos da legislação abaixo, ` +
      `com validade até ${dateBR(data.validUntil)}.`,
    fields,
    validFrom: data.validFrom,
    validUntil: data.validUntil,
    legalBasis: data.legalBasis,
    verification: data.verification,
    signatory: data.signatory,
    issuedAt: data.issuedAt,
    meta: {
      subject: `${data.category.label} – ${data.holderName} – válido até ${dateBR(data.validUntil)}`,
      keywords: [data.verification.serial, data.category.label, "certificado"],
    },
  });
}
