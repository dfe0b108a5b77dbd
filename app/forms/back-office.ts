// The back office's forms, shared by action and page (ADR 021); a schema needing what only the
// server knows (installed packs, rejection reasons) is a function of it.
import { z } from "zod";
import { APPLICATION_STATUSES } from "~/domain/applications/status";
import { isValidIsoDate } from "~/domain/eligibility/calendar";
import { zId } from "~/domain/ids";
import { NEW_RULE_PACK } from "~/domain/rule-packs/own-pack";
import { isTimeZone } from "~/domain/time";

const zIsoDate = z.string().refine(isValidIsoDate, "Data inválida.");

// Municipalities (the platform admin)
const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

/** A new municipality; the rule packs the server knows are passed in (`knownRulePackIds()`). */
export const newMunicipality = (rulePackIds: readonly string[]) =>
  z.object({
    ibgeCode: z
      .string()
      .trim()
      .regex(/^\d{7}$/, "O código IBGE tem 7 dígitos."),
    name: z.string().trim().min(2, "Informe o nome.").max(80),
    uf: z.enum(UFS, { error: "UF inválida." }),
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use letras minúsculas sem acento, números e hífens.")
      .max(60),
    population: z.coerce
      .number({ error: "Informe a população." })
      .int("Número inteiro.")
      .positive("Informe a população."),
    fiscalUnitName: z.string().trim().min(2, "Informe a sigla da unidade fiscal (ex.: UFM).").max(12),
    rulePackId: z
      .string()
      .refine((id) => id === NEW_RULE_PACK || rulePackIds.includes(id), "Escolha um pacote de regras."),
    serialPrefix: z
      .string()
      .trim()
      .max(3, "Três letras (ex.: ITA).")
      .regex(/^[A-Za-z]{3}$/, "Três letras (ex.: ITA).")
      .transform((prefix) => prefix.toUpperCase()),
    // Blank: the UF's zone. Otherwise an IANA name the runtime knows (Intl.supportedValuesOf).
    timeZone: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
      z
        .string()
        .refine(isTimeZone, "Fuso horário desconhecido (use um nome IANA, ex.: America/Campo_Grande).")
        .optional(),
    ),
  });

export const zMunicipalityTimeZone = z.object({
  municipalityId: zId("Município inválido."),
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, "Fuso horário desconhecido (use um nome IANA, ex.: America/Campo_Grande)."),
});

// The municipality's signing keys
export const zRotateKey = z.object({
  intent: z.literal("rotate"),
  confirm: z.literal("sim", { error: "Marque a confirmação para gerar a chave nova." }),
});

/** What the gestor types to confirm a revocation (a word, not kid characters: O and 0 look alike). */
export const REVOKE_CONFIRMATION = "REVOGAR";

export const zRevokeKey = z.object({
  intent: z.literal("revoke"),
  kid: z.string().min(10).max(100),
  reason: z.string().trim().min(10, "Explique por que a chave é revogada (ao menos 10 caracteres).").max(500),
  typed: z.string().trim(),
  confirm: z.literal("sim", { error: "Marque que entende as consequências." }),
});

// Quotas
export const zPopulation = z.object({
  population: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[.\s]/g, "") : v),
    z.coerce
      .number({ error: "Informe a população em números." })
      .int("Use um número inteiro.")
      .min(1, "A população deve ser maior que zero.")
      .max(20_000_000, "Número alto demais para um município."),
  ),
  source: z.string().trim().min(3, "Informe a fonte (ex.: IBGE, Censo 2022; estimativa IBGE 2025).").max(120),
  date: z.string().refine(isValidIsoDate, "Informe a data de referência."),
});

// Review queue
export const zAssign = z.object({
  intent: z.enum(["assign", "take_over", "release"]),
  applicationId: zId(),
});

// An operator's reports, asked for by the municipality
export const zReportRequest = z.object({
  duty: z.string().min(1, "Escolha o relatório."),
  dueOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Informe o prazo."),
  note: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(300).optional()),
});

// A credential's status (suspend, reinstate, revoke)
const credentialBase = {
  reason: z.string().trim().min(5, "Escreva o motivo (ao menos 5 caracteres).").max(500),
  citation: z.string().trim().min(5, "Informe o fundamento legal.").max(200),
};

export const zCredentialStatus = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("suspend"), ...credentialBase, until: zIsoDate }),
  z.object({
    intent: z.literal("reinstate"),
    reason: credentialBase.reason,
    citation: z.string().trim().max(200).optional(),
  }),
  z.object({
    intent: z.literal("revoke"),
    ...credentialBase,
    confirm: z.literal("sim", { error: "Marque a confirmação da cassação." }),
  }),
]);

// Application review
/** Accept or reject one document; the rejection reasons' codes are passed in. */
export const documentDecision = (reasonCodes: readonly string[]) =>
  z.discriminatedUnion("decision", [
    z.object({
      decision: z.literal("accept"),
      documentId: zId(),
      expected: z.enum(["PENDING", "ACCEPTED", "REJECTED"]),
      next: z.string().max(80).optional(),
    }),
    z.object({
      decision: z.literal("reject"),
      documentId: zId(),
      expected: z.enum(["PENDING", "ACCEPTED", "REJECTED"]),
      next: z.string().max(80).optional(),
      code: z.enum(reasonCodes as [string, ...string[]], {
        error: "Escolha o motivo da recusa.",
      }),
      text: z.string().trim().max(500).optional(),
    }),
  ]);
export const zRequestChanges = z.object({ note: z.string().trim().max(1000).optional() });
export const zRejectApplication = z.object({
  reason: z.string().trim().min(10, "Explique o motivo do indeferimento (ao menos 10 caracteres).").max(1000),
  citation: z.string().trim().max(200).optional(),
  confirm: z.literal("sim", { error: "Marque a confirmação do indeferimento." }),
});

export const zScheduleVistoria = z.object({
  when: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Informe data e hora."),
  place: z.string().trim().min(3, "Informe o local da vistoria.").max(200),
});

export const zRecordVistoria = z.object({
  vistoriaId: zId(),
  notes: z.string().trim().max(1000).optional(),
});

export const zStartReview = z.object({ expected: z.enum(APPLICATION_STATUSES) });

// Infractions
const optNumber = (max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number({ error: "Informe um número." }).positive("Deve ser maior que zero.").max(max).optional(),
  );
/** One schema per step of an infraction's process, by the form's intent. */
export const infractionSteps = {
  notify: z.object({ notifiedOn: zIsoDate, defenceDeadline: zIsoDate }),
  defence: z.object({ receivedOn: zIsoDate, summary: z.string().trim().min(5, "Resuma a defesa.").max(1000) }),
  decide: z.object({
    notice: z.literal("sim").optional(),
    warning: z.literal("sim").optional(),
    cassacao: z.literal("sim").optional(),
    fine: optNumber(1_000_000),
    suspensionDays: optNumber(3650),
    reason: z.string().trim().min(10, "Fundamente a decisão (ao menos 10 caracteres).").max(2000),
    notifiedOn: zIsoDate,
    appealDeadline: z.preprocess((v) => (v === "" ? undefined : v), zIsoDate.optional()),
    apply: z.literal("sim").optional(),
  }),
  archive: z.object({ reason: z.string().trim().min(10, "Explique por que o auto é arquivado.").max(2000) }),
  appeal: z.object({ receivedOn: zIsoDate, summary: z.string().trim().min(5, "Resuma o recurso.").max(1000) }),
  appeal_ruling: z.object({
    outcome: z.enum(["DENIED", "GRANTED"], { error: "Escolha se o recurso é deferido ou indeferido." }),
    reason: z.string().trim().min(10, "Fundamente o julgamento do recurso (ao menos 10 caracteres).").max(2000),
    decidedOn: zIsoDate,
  }),
};

/** The gestor's gov.br policy (ADR 038): minimum levels ("" = none) and passwords off for staff. */
const zLevelChoice = z.enum(["", "bronze", "prata", "ouro"], { error: "Escolha um nível da lista." });
export const zGovbrPolicy = z.object({
  driverLevel: zLevelChoice,
  staffLevel: zLevelChoice,
  staffPasswordDisabled: z.enum(["sim", "nao"], { error: "Responda sim ou não." }),
});

/** /admin/tarefas: run a job whose retries ran out once more. */
export const zRetryJob = z.object({
  intent: z.literal("retry"),
  failureId: zId("Falha inválida."),
});

/** /admin/tarefas: one more attempt for an e-mail that ran out of them. */
export const zRetryMail = z.object({
  intent: z.literal("retry-mail"),
  messageId: zId("E-mail inválido."),
});
