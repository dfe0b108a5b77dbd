// What the driver's wizard collects and keeps in the application's draft, as zod schemas: the
// same schemas validate the forms (pt-BR messages) and parse the stored JSON.
import { z } from "zod";
import { zPlate, zRenavam } from "~/domain/br";
import { OWNER_KINDS, REGISTRATION_CATEGORIES } from "~/domain/rule-packs";

const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : v),
    z.coerce.number({ error: `${label}: informe um número.` }).int(`${label}: número inteiro.`).min(min, `${label}: mínimo ${min}.`).max(max, `${label}: máximo ${max}.`).optional(),
  );
const optionalText = (max: number) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(max).optional());
const optionalDate = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida.").optional(),
);
const yesNo = z.preprocess((v) => (v === "sim" ? true : v === "nao" ? false : v === "" ? undefined : v), z.boolean().optional());

export const zVehicleDraft = z.object({
  plate: z.preprocess((v) => (v === "" ? undefined : v), zPlate.optional()),
  renavam: z.preprocess((v) => (v === "" ? undefined : v), zRenavam.optional()),
  make: optionalText(40),
  model: optionalText(60),
  colour: optionalText(30),
  manufactureYear: optionalInt("Ano de fabricação", 1950, 2100),
  firstRegistrationDate: optionalDate,
  displacementCc: optionalInt("Cilindrada", 50, 3000),
  doors: optionalInt("Portas", 0, 6),
  passengerSeats: optionalInt("Lugares para passageiros", 0, 20),
  registrationCategory: z.preprocess((v) => (v === "" ? undefined : v), z.enum(REGISTRATION_CATEGORIES, { error: "Escolha a categoria do registro." }).optional()),
  licensedInMunicipality: yesNo,
  ownerKind: z.preprocess((v) => (v === "" ? undefined : v), z.enum(OWNER_KINDS, { error: "Escolha o proprietário." }).optional()),
  ownerName: optionalText(120),
  leased: yesNo,
  usedForCargo: yesNo,
  usedForPassengers: yesNo,
  licensingUpToDate: yesNo,
  /** The company's control number of the motorcycle, where the law has one (Jardim art. 22). */
  controlNumber: optionalText(20),
});
export type VehicleDraft = z.infer<typeof zVehicleDraft>;

export const zDraft = z.object({ vehicle: zVehicleDraft.partial().default({}) }).passthrough();
export type Draft = z.infer<typeof zDraft>;

export function parseDraft(json: string): Draft {
  try {
    const parsed = zDraft.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : { vehicle: {} };
  } catch {
    return { vehicle: {} };
  }
}
