/**
 * A4 credenciamento certificate of an operator (company, concessionária, app
 * platform): e.g. Jardim's concessionárias (Lei 904/1997 arts. 4º and 8º),
 * Lavras' operators (Lei 4.544/2019 arts. 3º and 6º), Itaúna's PJ (Lei 4.785/2013 art. 6º).
 */
import { renderA4Certificate } from "./a4";
import { cnpjBR, dateBR } from "./format";
import type { CategoryInfo, IssuerInfo, LabeledValue, Signatory, VerificationInfo } from "./types";

export interface OperatorCertificateData {
  issuer: IssuerInfo;
  /** Default "Certificado de Credenciamento de Operadora". */
  title?: string;
  category: CategoryInfo;
  razaoSocial: string;
  nomeFantasia?: string | null;
  /** Digits or formatted; printed as 00.000.000/0000-00. */
  cnpj: string;
  address?: string | null;
  registrationNumber: string;
  validFrom: string;
  validUntil: string;
  legalBasis: string;
  verification: VerificationInfo;
  extraFields?: readonly LabeledValue[];
  signatory?: Signatory | null;
  issuedAt: Date;
}

export async function renderOperatorCertificate(data: OperatorCertificateData): Promise<Uint8Array> {
  const place = `${data.issuer.municipality} – ${data.issuer.uf}`;
  const fields: LabeledValue[] = [
    { label: "Razão social", value: data.razaoSocial },
    { label: "CNPJ", value: cnpjBR(data.cnpj) },
  ];
  if (data.nomeFantasia) fields.push({ label: "Nome fantasia", value: data.nomeFantasia });
  fields.push({ label: "Registro nº", value: data.registrationNumber });
  if (data.address) fields.push({ label: "Sede", value: data.address });
  fields.push(...(data.extraFields ?? []));
  return renderA4Certificate({
    issuer: data.issuer,
    title: data.title ?? "Certificado de Credenciamento de Operadora",
    category: data.category,
    statement:
      `Certificamos que a empresa ${data.razaoSocial}, inscrita no CNPJ sob o nº ${cnpjBR(data.cnpj)}, encontra-se ` +
      `credenciada nesta Prefeitura como operadora do serviço de ${data.category.label.toLowerCase()} no Município de ` +
      `${place}, nos termos da legislação abaixo, com validade até ${dateBR(data.validUntil)}.`,
    fields,
    validFrom: data.validFrom,
    validUntil: data.validUntil,
    legalBasis: data.legalBasis,
    verification: data.verification,
    signatory: data.signatory,
    issuedAt: data.issuedAt,
    meta: {
      subject: `Operadora ${data.razaoSocial} (CNPJ ${cnpjBR(data.cnpj)}) – válido até ${dateBR(data.validUntil)}`,
      keywords: [data.verification.serial, data.category.label, "operadora", cnpjBR(data.cnpj)],
    },
  });
}
