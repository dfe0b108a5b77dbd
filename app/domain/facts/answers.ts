// One zod schema per form field, so a field's validation lives in one place (the catalogue and
// the driver's forms use these). Blank means "not answered yet".
import { z } from "zod";
import { zCnh, zPhone, zPlate, zRenavam } from "~/domain/br";
import {
  BLOOD_TYPES,
  CNH_CATEGORIES,
  HELD_PERMISSIONS,
  OWNER_KINDS,
  REGISTRATION_CATEGORIES,
} from "~/domain/rule-packs/vocabulary";

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const text = (max: number, label: string) =>
  optional(z.string().trim().max(max, `${label}: no máximo ${max} caracteres.`));
const date = (label: string) => optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: data inválida.`));
const int = (label: string, min: number, max: number) =>
  optional(
    z.coerce
      .number({ error: `${label}: informe um número.` })
      .int(`${label}: número inteiro.`)
      .min(min, `${label}: mínimo ${min}.`)
      .max(max, `${label}: máximo ${max}.`),
  );
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  optional(z.enum(values, { error: message }));
/** Two radio buttons, "sim" / "nao"; nothing chosen is undefined. */
const yesNo = z.preprocess(
  (v) => (v === "sim" ? true : v === "nao" ? false : v === true || v === false ? v : undefined),
  z.boolean().optional(),
);

/** The driver's personal data, field by field. */
export const personAnswers = {
  fullName: z.string({ error: "Informe o nome completo." }).trim().min(5, "Informe o nome completo.").max(120),
  phone: optional(zPhone),
  birthDate: date("Data de nascimento"),
  rgNumber: text(20, "RG"),
  rgIssuer: text(20, "Órgão emissor"),
  cnhNumber: optional(zCnh),
  cnhCategory: choice(CNH_CATEGORIES, "Escolha a categoria da CNH."),
  cnhFirstLicenseDate: date("Data da primeira habilitação"),
  cnhEar: yesNo,
  livesInMunicipality: yesNo,
  bloodType: choice(BLOOD_TYPES, "Escolha o tipo sanguíneo."),
  heldPermissions: z.array(z.enum(HELD_PERMISSIONS)).default([]),
};

/** The vehicle in the application's draft, field by field. */
export const vehicleAnswers = {
  plate: optional(zPlate),
  renavam: optional(zRenavam),
  make: text(40, "Marca"),
  model: text(60, "Modelo"),
  colour: text(30, "Cor"),
  manufactureYear: int("Ano de fabricação", 1950, 2100),
  firstRegistrationDate: date("Data do primeiro emplacamento"),
  displacementCc: int("Cilindrada", 50, 3000),
  doors: int("Portas", 0, 6),
  passengerSeats: int("Lugares para passageiros", 0, 20),
  registrationCategory: choice(REGISTRATION_CATEGORIES, "Escolha a categoria do registro."),
  licensedInMunicipality: yesNo,
  ownerKind: choice(OWNER_KINDS, "Escolha o proprietário."),
  ownerName: text(120, "Nome do proprietário"),
  leased: yesNo,
  usedForCargo: yesNo,
  usedForPassengers: yesNo,
  licensingUpToDate: yesNo,
  /** The company's control number of the motorcycle, where the law has one (Jardim art. 22, b). */
  controlNumber: text(20, "Número de controle"),
};

export type PersonField = keyof typeof personAnswers;
export type VehicleField = keyof typeof vehicleAnswers;
