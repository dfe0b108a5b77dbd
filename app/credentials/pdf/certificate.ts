/** The A4 certificates, one layout for a driver's registration and an operator's credenciamento:
 * only the holder's fields and words differ. */
import { formatCnpj, formatDate, formatPlate } from "../../domain/format";
import { renderA4Certificate } from "./a4";
import type { CategoryInfo, Emblem, IssuerInfo, LabeledValue, Signatory, VerificationInfo } from "./types";

/** What every certificate carries besides its holder. */
interface CertificateCommon extends Emblem {
  issuer: IssuerInfo;
  category: CategoryInfo;
  registrationNumber: string;
  validFrom: string;
  validUntil: string;
  legalBasis: string;
  verification: VerificationInfo;
  /** More rows for the field grid (e.g. modality, preposto). */
  extraFields?: readonly LabeledValue[];
  signatory?: Signatory | null;
  issuedAt: Date;
}

export interface CertificateData extends CertificateCommon {
  /** e.g. "Certificado de Registro Cadastral", "Certificado de Credenciamento de Condutor". */
  title: string;
  /** The act, as it completes "… encontra-se …": e.g. "registrado(a)", "credenciado(a)", "autorizado(a)". Default "registrado(a)". */
  act?: string;
  holderName: string;
  vehicle?: { plate: string; description?: string | null } | null;
  operator?: string | null;
}

export interface OperatorCertificateData extends CertificateCommon {
  /** Default "Certificado de Credenciamento de Operadora". */
  title?: string;
  razaoSocial: string;
  nomeFantasia?: string | null;
  /** Digits or formatted; printed as 00.000.000/0000-00. */
  cnpj: string;
  address?: string | null;
}

/** The holder's part of a certificate. */
interface Holder {
  title: string;
  /** Completes "Certificamos que …": who, then " encontra-se <act> nesta Prefeitura <as what>". */
  who: string;
  act: string;
  asWhat: string;
  fields: LabeledValue[];
  subject: string;
  keywords: string[];
}

function renderHolderCertificate(data: CertificateCommon, h: Holder): Promise<Uint8Array> {
  const place = `${data.issuer.municipality} – ${data.issuer.uf}`;
  return renderA4Certificate({
    issuer: data.issuer,
    title: h.title,
    category: data.category,
    statement:
      `Certificamos que ${h.who} encontra-se ${h.act} nesta Prefeitura ${h.asWhat} no Município de ${place}, ` +
      `nos termos da legislação abaixo, com validade até ${formatDate(data.validUntil)}.`,
    fields: [...h.fields, ...(data.extraFields ?? [])],
    validFrom: data.validFrom,
    validUntil: data.validUntil,
    legalBasis: data.legalBasis,
    verification: data.verification,
    signatory: data.signatory ?? data.issuer.signatory,
    coatOfArms: data.coatOfArms,
    issuedAt: data.issuedAt,
    meta: { subject: h.subject, keywords: h.keywords },
  });
}

export function renderCertificate(data: CertificateData): Promise<Uint8Array> {
  const fields: LabeledValue[] = [
    { label: "Titular", value: data.holderName },
    { label: "Registro nº", value: data.registrationNumber },
  ];
  if (data.vehicle) {
    fields.push({ label: "Veículo – placa", value: formatPlate(data.vehicle.plate) });
    if (data.vehicle.description) fields.push({ label: "Veículo", value: data.vehicle.description });
  }
  if (data.operator) fields.push({ label: "Operadora", value: data.operator });
  return renderHolderCertificate(data, {
    title: data.title,
    who: data.holderName,
    act: data.act ?? "registrado(a)",
    asWhat: `para a prestação do serviço de ${data.category.label.toLowerCase()}`,
    fields,
    subject: `${data.category.label} – ${data.holderName} – válido até ${formatDate(data.validUntil)}`,
    keywords: [data.verification.serial, data.category.label, "certificado"],
  });
}

export function renderOperatorCertificate(data: OperatorCertificateData): Promise<Uint8Array> {
  const cnpj = formatCnpj(data.cnpj);
  const fields: LabeledValue[] = [
    { label: "Razão social", value: data.razaoSocial },
    { label: "CNPJ", value: cnpj },
  ];
  if (data.nomeFantasia) fields.push({ label: "Nome fantasia", value: data.nomeFantasia });
  fields.push({ label: "Registro nº", value: data.registrationNumber });
  if (data.address) fields.push({ label: "Sede", value: data.address });
  return renderHolderCertificate(data, {
    title: data.title ?? "Certificado de Credenciamento de Operadora",
    who: `a empresa ${data.razaoSocial}, inscrita no CNPJ sob o nº ${cnpj},`,
    act: "credenciada",
    asWhat: `como operadora do serviço de ${data.category.label.toLowerCase()}`,
    fields,
    subject: `Operadora ${data.razaoSocial} (CNPJ ${cnpj}) – válido até ${formatDate(data.validUntil)}`,
    keywords: [data.verification.serial, data.category.label, "operadora", cnpj],
  });
}
