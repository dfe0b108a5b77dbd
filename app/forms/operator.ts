// The operator pages' forms, shared by page and action (ADR 021).
import { z } from "zod";
import { zCep, zCnpj, zCpf, zPlate, zRenavam } from "~/domain/br";
import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from "~/domain/br";
import { OPERATOR_KINDS, UNLINK_REASONS, type UnlinkReason } from "~/domain/operators/vocabulary";
import { CATEGORIES, REGISTRATION_CATEGORIES } from "~/domain/rule-packs";
import { type FieldList, type FieldSpec, zEmail } from "./fields";

export { zMember } from "./team";

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(min, `Informe ${label}.`)
    .max(max, `${label[0].toUpperCase()}${label.slice(1)}: no máximo ${max} caracteres.`);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max).optional(),
  );
const yesNo = z.preprocess((v) => (v === "sim" ? true : v === "nao" ? false : undefined), z.boolean().optional());
const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce
      .number({ error: `${label}: informe um número.` })
      .int(`${label}: número inteiro.`)
      .min(min, `${label}: mínimo ${min}.`)
      .max(max, `${label}: máximo ${max}.`)
      .optional(),
  );
const isoDate = (message: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message);

const zAddress = z.object({
  cep: zCep,
  street: text("o logradouro", 2, 120),
  addressNumber: text("o número", 1, 20),
  district: text("o bairro", 2, 80),
  city: text("a cidade", 2, 80),
  uf: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "UF com duas letras, como MG.")
    .max(2, "UF com duas letras, como MG.")
    .transform((uf) => uf.toUpperCase()),
});

/** "10.000,00", "10000" or "10000.50" → 10000.5 reais. */
const brl = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.replace(/[R$\s.]/g, "").replace(",", ".")) : v),
  z.coerce
    .number({ error: "Patrimônio: informe um valor em reais, como 15.000,00." })
    .nonnegative("Patrimônio: valor inválido.")
    .max(1e12)
    .optional(),
);

export const zRegistration = zAddress.extend({
  municipio: z.string().min(1, "Escolha o município."),
  categoria: z.enum(CATEGORIES, { error: "Escolha o serviço." }),
  kind: z.enum(OPERATOR_KINDS, { error: "Escolha o tipo de empresa." }),
  cnpj: zCnpj,
  legalName: text("a razão social", 3, 150),
  tradeName: optionalText(120),
  legalRepName: text("o nome do representante legal", 3, 120),
  legalRepCpf: zCpf,
  sede: yesNo,
  filial: yesNo,
  patrimonio: brl,
});

/** The facts the municipality's law asks of the company (head office, branch, declared assets). */
export const zOperatorFacts = z.object({ sede: yesNo, filial: yesNo, patrimonio: brl });

export const zCompanyData = z.object({
  legalName: text("a razão social", 3, 150),
  tradeName: optionalText(120),
  legalRepName: text("o nome do representante legal", 3, 120),
  legalRepCpf: zCpf,
});

export const zAddressChange = zAddress.extend({ changedOn: isoDate("Informe a data da mudança de endereço.") });

export const zInvite = z.object({
  cpf: zCpf,
  email: zEmail("Informe o e-mail do condutor."),
});

const REASONS = Object.keys(UNLINK_REASONS) as [UnlinkReason, ...UnlinkReason[]];
/** The day the operator sent the driver's data to the city (Lavras art. 10, § 4º). */
export const zDriverDataSent = z.object({
  sentOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Informe a data do envio."),
});

export const zUnlink = z.object({
  reason: z.enum(REASONS, { error: "Escolha o motivo." }),
  eventAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Informe a data e a hora do fato."),
  note: optionalText(500),
  fileNow: z.preprocess((v) => v === "sim", z.boolean()),
});

/** CPF or CNPJ of the vehicle's owner (as on the CRLV), normalised. */
const zOwnerDocument = z
  .string({ error: "Informe o CPF ou CNPJ do proprietário." })
  .trim()
  .min(1, { error: "Informe o CPF ou CNPJ do proprietário.", abort: true })
  .refine((v) => isValidCpf(v) || isValidCnpj(v), "CPF ou CNPJ do proprietário inválido: confira os dígitos.")
  .transform((v) => (isValidCpf(v) ? normalizeCpf(v) : normalizeCnpj(v)));

export const zVehicle = z.object({
  plate: zPlate,
  renavam: z.preprocess((v) => (v === "" ? undefined : v), zRenavam.optional()),
  make: optionalText(40),
  model: optionalText(60),
  colour: optionalText(30),
  manufactureYear: optionalInt("Ano de fabricação", 1950, 2100),
  modelYear: optionalInt("Ano do modelo", 1950, 2101),
  firstRegistrationDate: z.preprocess((v) => (v === "" ? undefined : v), isoDate("Data inválida.").optional()),
  displacementCc: optionalInt("Cilindrada", 50, 3000),
  doors: optionalInt("Portas", 0, 6),
  passengerSeats: optionalInt("Lugares para passageiros", 0, 20),
  registrationCategory: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(REGISTRATION_CATEGORIES, { error: "Escolha a categoria do registro." }).optional(),
  ),
  licensedInMunicipality: yesNo,
  licensingUpToDate: yesNo,
  ownerTaxId: zOwnerDocument,
  ownerName: text("o nome do proprietário", 3, 150),
  leased: z.preprocess((v) => v === "sim", z.boolean()),
  controlNumber: optionalText(20),
});

export const zNotice = z.object({
  kind: z.string().min(1, "Escolha o que comunicar."),
  eventAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Informe a data e a hora do fato."),
  description: text("o que aconteceu", 5, 1000),
  fileNow: z.preprocess((v) => v === "sim", z.boolean()),
});

export const zApiKeyName = z.object({ name: text("um nome para a chave", 2, 60) });

/** The hidden fields of "file this report" (a duty and the first day of its period). */
export const zReportFiling = z.object({
  duty: z.string().regex(/^[a-z0-9_]{2,60}$/),
  periodStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

// ---- the pages' field lists (labels, hints, autofill; the limits come from the schemas above) ----

type Named<S extends z.ZodObject> = FieldSpec<keyof S["shape"] & string>;

const LEGAL_NAME = { name: "legalName", label: "Razão social", autoComplete: "organization" } as const;
const TRADE_NAME = { name: "tradeName", label: "Nome fantasia (opcional)" } as const;
const REPRESENTATIVE = [
  { name: "legalRepName", label: "Nome completo do representante" },
  { name: "legalRepCpf", label: "CPF do representante" },
] as const satisfies readonly Named<typeof zCompanyData>[];

const ADDRESS_ROW1 = [
  { name: "cep", label: "CEP", autoComplete: "postal-code" },
  { name: "city", label: "Cidade", autoComplete: "address-level2" },
  { name: "uf", label: "UF", autoComplete: "address-level1" },
] as const satisfies readonly Named<typeof zAddress>[];
const STREET = { name: "street", label: "Logradouro", autoComplete: "address-line1" } as const;
const NUMBER_AND_DISTRICT = [
  { name: "addressNumber", label: "Número" },
  { name: "district", label: "Bairro" },
] as const satisfies readonly Named<typeof zAddress>[];

/** The head office's address, as registered (operadora/nova). */
export const ADDRESS_FIELDS = [ADDRESS_ROW1, STREET, NUMBER_AND_DISTRICT] as const satisfies FieldList<
  keyof typeof zAddress.shape
>;

/** The address changed later, with the day it changed (operadora/<id>/dados). */
export const ADDRESS_CHANGE_FIELDS = [
  ADDRESS_ROW1,
  STREET,
  [...NUMBER_AND_DISTRICT, { name: "changedOn", label: "Data da mudança", type: "date" }],
] as const satisfies FieldList<keyof typeof zAddressChange.shape>;

/** Registering a company: who it is (above the address) and who answers for it (below). */
export const REGISTRATION_FIELDS = {
  company: [
    { name: "cnpj", label: "CNPJ", hint: "Numérico ou alfanumérico, com ou sem pontuação.", autoComplete: "off" },
    LEGAL_NAME,
    TRADE_NAME,
  ],
  representative: REPRESENTATIVE,
} as const satisfies Record<string, FieldList<keyof typeof zRegistration.shape>>;

/** The company's data as it may change later (operadora/<id>/dados). */
export const COMPANY_DATA_FIELDS = [LEGAL_NAME, TRADE_NAME, REPRESENTATIVE] as const satisfies FieldList<
  keyof typeof zCompanyData.shape
>;
