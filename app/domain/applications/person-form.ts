// The driver's personal data as the wizard's form collects it. Every field may be left for later
// (the draft is saved as it is); what is typed must be well formed. The rule pack's checklist says
// what is still missing.
import { z } from "zod";
import { zCep, zCnh, zPhone } from "~/domain/br";
import { BLOOD_TYPES, CNH_CATEGORIES, HELD_PERMISSIONS } from "~/domain/rule-packs";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (max: number, label: string) => z.preprocess(blank, z.string().trim().max(max, `${label}: no máximo ${max} caracteres.`).optional());
const date = (label: string) =>
  z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: data inválida.`).optional());
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const yesNo = z.preprocess((v) => (v === "sim" ? true : v === "nao" ? false : undefined), z.boolean().optional());

export const zPersonForm = z
  .object({
    fullName: z.string({ error: "Informe o nome completo." }).trim().min(5, "Informe o nome completo.").max(120),
    birthDate: date("Data de nascimento"),
    rgNumber: text(20, "RG"),
    rgIssuer: text(20, "Órgão emissor"),
    cnhNumber: optional(zCnh),
    cnhCategory: optional(z.enum(CNH_CATEGORIES, { error: "Escolha a categoria da CNH." })),
    cnhFirstLicenseDate: date("Data da primeira habilitação"),
    cnhEar: yesNo,
    phone: optional(zPhone),
    cep: optional(zCep),
    street: text(120, "Logradouro"),
    addressNumber: text(10, "Número"),
    complement: text(60, "Complemento"),
    district: text(60, "Bairro"),
    city: text(60, "Cidade"),
    uf: optional(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "UF: duas letras.")),
    livesInMunicipality: yesNo,
    bloodType: optional(z.enum(BLOOD_TYPES, { error: "Escolha o tipo sanguíneo." })),
    heldPermissions: z.array(z.enum(HELD_PERMISSIONS)).default([]),
  })
  .superRefine((v, ctx) => {
    const today = new Date().toISOString().slice(0, 10);
    if (v.birthDate && (v.birthDate > today || v.birthDate < "1900-01-01")) ctx.addIssue({ code: "custom", path: ["birthDate"], message: "Data de nascimento fora do possível." });
    if (v.cnhFirstLicenseDate && v.cnhFirstLicenseDate > today) ctx.addIssue({ code: "custom", path: ["cnhFirstLicenseDate"], message: "A primeira habilitação não pode ser no futuro." });
    if (v.birthDate && v.cnhFirstLicenseDate && v.cnhFirstLicenseDate < v.birthDate) ctx.addIssue({ code: "custom", path: ["cnhFirstLicenseDate"], message: "A primeira habilitação não pode ser antes do nascimento." });
  });
export type PersonForm = z.infer<typeof zPersonForm>;

export const CNH_LABELS: Record<string, string> = {
  ACC: "ACC (ciclomotor)", A: "A", B: "B", C: "C", D: "D", E: "E", AB: "AB", AC: "AC", AD: "AD", AE: "AE",
};

export const PERMISSION_LABELS: Record<string, string> = {
  TAXI: "Táxi", TRANSPORTE_ESCOLAR: "Transporte escolar", TRANSPORTE_COLETIVO: "Transporte coletivo (ônibus)",
  MOTOTAXI: "Mototáxi", MOTOBOY: "Motoboy", MOTOFRETE: "Motofrete", APLICATIVO: "Transporte por aplicativo",
};
