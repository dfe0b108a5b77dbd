// POST /api/v1/eligibility: body, errors and response exactly as in shared/spec/api.md.
import { getMunicipalityByCode } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { isValidPlate, normalizePlate } from "~/domain/br/plate";
import {
  categoryOffer,
  offers,
  type RulePack,
  zCategory,
  zCnhCategory,
  zHeldPermission,
  zOwnerKind,
  zPersonMode,
  zRegistrationCategory,
} from "~/domain/rule-packs";
import { packForMunicipality } from "~/domain/rule-packs/shipped";
import { formatDate } from "../format";
import { compareDates, isValidIsoDate } from "./calendar";
import type { CheckStatus, EvaluationInput, EvaluationResult } from "./types";

const zApiDate = z.string().refine(isValidIsoDate);
const zMunicipality = z.string().regex(/^\d{7}$/);
const zKnownIbge = z.string().refine((v) => /^\d{7}$/.test(v) && getMunicipalityByCode(v) !== null);

const zEligibilityPerson = z.strictObject({
  birthDate: zApiDate.nullish(),
  cnhCategory: zCnhCategory.nullish(),
  cnhFirstLicenseDate: zApiDate.nullish(),
  cnhEar: z.boolean().nullish(),
  residenceMunicipalityIbge: zKnownIbge.nullish(),
  heldPermissions: z.array(zHeldPermission).nullish(),
});

const zEligibilityVehicle = z.strictObject({
  plate: z.string().refine(isValidPlate).transform(normalizePlate).nullish(),
  manufactureYear: z.int().min(1900).max(2100).nullish(),
  firstRegistrationDate: zApiDate.nullish(),
  displacementCc: z.int().positive().nullish(),
  doors: z.int().nonnegative().nullish(),
  passengerSeats: z.int().nonnegative().nullish(),
  registrationCategory: zRegistrationCategory.nullish(),
  licensingMunicipalityIbge: zKnownIbge.nullish(),
  ownerKind: zOwnerKind.nullish(),
  leased: z.boolean().nullish(),
});

export const zEligibilityRequest = z.strictObject({
  municipality: zMunicipality,
  category: zCategory,
  mode: zPersonMode,
  date: zApiDate,
  person: zEligibilityPerson.optional(),
  vehicle: zEligibilityVehicle.optional(),
});
export type EligibilityRequest = z.infer<typeof zEligibilityRequest>;

export interface ApiError {
  error: { code: string; message: string };
}

/** Field name → the stable code and pt-BR message for an invalid value. */
const FIELD_ERRORS: Record<string, { code: string; message: (field: string) => string }> = {
  municipality: { code: "invalid_municipality", message: () => "O município deve ser o código IBGE de 7 dígitos." },
  category: {
    code: "unknown_category",
    message: () => "Categoria desconhecida: use MOTOTAXI, MOTOBOY, MOTOFRETE ou APLICATIVO.",
  },
  mode: { code: "unknown_mode", message: () => "Modo desconhecido: use AUTONOMO, VINCULADO ou PREPOSTO." },
  date: { code: "invalid_date", message: (f) => `"${f}" deve ser uma data válida no formato AAAA-MM-DD.` },
  birthDate: { code: "invalid_date", message: (f) => `"${f}" deve ser uma data válida no formato AAAA-MM-DD.` },
  cnhFirstLicenseDate: {
    code: "invalid_date",
    message: (f) => `"${f}" deve ser uma data válida no formato AAAA-MM-DD.`,
  },
  firstRegistrationDate: {
    code: "invalid_date",
    message: (f) => `"${f}" deve ser uma data válida no formato AAAA-MM-DD.`,
  },
  plate: { code: "invalid_plate", message: (f) => `"${f}" deve ser uma placa válida (ABC1234 ou ABC1D23).` },
  residenceMunicipalityIbge: {
    code: "invalid_ibge_code",
    message: (f) => `"${f}" deve ser o código IBGE de um município brasileiro.`,
  },
  licensingMunicipalityIbge: {
    code: "invalid_ibge_code",
    message: (f) => `"${f}" deve ser o código IBGE de um município brasileiro.`,
  },
  cnhCategory: {
    code: "invalid_cnh_category",
    message: (f) => `"${f}" deve ser uma categoria de CNH (A, B, C, D, E, AB, AC, AD, AE ou ACC).`,
  },
  heldPermissions: { code: "invalid_held_permission", message: (f) => `"${f}" tem uma permissão desconhecida.` },
  registrationCategory: {
    code: "invalid_registration_category",
    message: (f) => `"${f}" deve ser PARTICULAR, ALUGUEL, OFICIAL, APRENDIZAGEM ou DIPLOMATICO.`,
  },
  ownerKind: {
    code: "invalid_owner_kind",
    message: (f) => `"${f}" deve ser HOLDER, OTHER_PERSON, OPERATOR ou OTHER_COMPANY.`,
  },
};

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined),
    body,
  );
}

export function apiError(code: string, message: string): ApiError {
  return { error: { code, message } };
}

/** Maps the first validation issue to a stable code and a pt-BR message. */
export function toApiError(error: z.ZodError, body: unknown): ApiError {
  const issue = error.issues[0];
  const path = issue.path.filter((k): k is string | number => typeof k !== "symbol");
  const dotted = path.join(".");
  if (issue.code === "unrecognized_keys") {
    const field = [dotted, issue.keys[0]].filter(Boolean).join(".");
    return apiError("unknown_field", `Campo desconhecido: "${field}".`);
  }
  if (path.length === 0) return apiError("invalid_body", "O corpo da requisição deve ser um objeto JSON.");
  if (valueAt(body, path) === undefined) return apiError("missing_field", `Campo obrigatório ausente: "${dotted}".`);
  const field = [...path].reverse().find((k): k is string => typeof k === "string") ?? dotted;
  const known = FIELD_ERRORS[field];
  if (known) return apiError(known.code, known.message(dotted));
  return apiError("invalid_field", `Valor inválido em "${dotted}".`);
}

export type ParseResult = { ok: true; input: EvaluationInput; pack: RulePack } | { ok: false; error: ApiError };

/** Validates the body and resolves the municipality's pack; every failure is a 400 with a stable code. */
export function parseEligibilityRequest(
  body: unknown,
  findPack: (ibge: string) => RulePack | undefined = packForMunicipality,
): ParseResult {
  const parsed = zEligibilityRequest.safeParse(body);
  if (!parsed.success) return { ok: false, error: toApiError(parsed.error, body) };
  const req = parsed.data;
  const pack = findPack(req.municipality);
  if (!pack)
    return {
      ok: false,
      error: apiError("unknown_municipality", `Nenhum pacote de regras para o município ${req.municipality}.`),
    };
  if (!categoryOffer(pack, req.category)) {
    return {
      ok: false,
      error: apiError(
        "category_not_offered",
        `${pack.municipality.name} não regulamenta a categoria ${req.category} (${pack.law.label}).`,
      ),
    };
  }
  if (!offers(pack, req.category, req.mode)) {
    return {
      ok: false,
      error: apiError(
        "mode_not_offered",
        `Em ${pack.municipality.name}, ${req.category} não admite o modo ${req.mode} (${pack.law.label}).`,
      ),
    };
  }
  if (compareDates(req.date, pack.effectiveDate) < 0) {
    return {
      ok: false,
      error: apiError(
        "pack_not_in_force",
        `As regras de ${pack.municipality.name} valem a partir de ${formatDate(pack.effectiveDate)}.`,
      ),
    };
  }
  return {
    ok: true,
    pack,
    input: {
      pack,
      category: req.category,
      mode: req.mode,
      date: req.date,
      person: req.person ?? {},
      vehicle: req.vehicle ?? {},
    },
  };
}

export interface EligibilityResponse {
  eligible: boolean;
  pack: { id: string; law: string; version: string };
  checks: Array<{
    id: string;
    status: CheckStatus;
    citation: string;
    message: string;
    details: Record<string, unknown>;
  }>;
  requiredDocuments: Array<{ type: string; citation: string; validity: string | null }>;
}

/** The response body of api.md — nothing more (no document statuses, no personal data). */
export function toApiResponse(result: EvaluationResult, pack: RulePack): EligibilityResponse {
  if (result.pack.id !== pack.id || result.pack.version !== pack.version) {
    throw new Error(
      `O resultado é do pacote ${result.pack.id}@${result.pack.version}, não de ${pack.id}@${pack.version}.`,
    );
  }
  return {
    eligible: result.eligible,
    pack: { id: pack.id, law: pack.law.label, version: pack.version },
    checks: result.checks.map(({ id, status, citation, message, details }) => ({
      id,
      status,
      citation,
      message,
      details,
    })),
    requiredDocuments: result.requiredDocuments.map(({ type, citation, validity }) => ({ type, citation, validity })),
  };
}
