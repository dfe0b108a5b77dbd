// What a municipality's law says about operators, read from its rule pack only. Where the pack
// format has no field and the answer is derived, ADR 009 says from what and why.
import {
  NOTICE_KIND_LABELS,
  type NoticeKind,
  OPERATOR_KINDS,
  type OperatorKind,
  UNLINK_REASONS,
  type UnlinkReason,
} from "~/domain/operators/vocabulary";
import { type Category, categoryOffer, type Deadline, type RulePack, rulesFor } from "~/domain/rule-packs";

/** The categories in which the law credentials a company (mode OPERADORA). */
export function operatorCategories(
  pack: RulePack,
): { code: Category; label: string; citation: string; act: string | null }[] {
  return pack.categories.flatMap((c) => {
    const mode = c.modes.find((m) => m.mode === "OPERADORA");
    if (!mode) return [];
    const act = c.acts.find((a) => a.modes.includes("OPERADORA"));
    return [{ code: c.code, label: c.label, citation: mode.citation, act: act?.label ?? null }];
  });
}

/** Kinds of company the act admits: concession → concessionária, app → platform, else company or cooperative. */
export function offeredKinds(pack: RulePack): OperatorKind[] {
  const kinds = new Set<OperatorKind>();
  for (const c of operatorCategories(pack)) {
    const act = categoryOffer(pack, c.code)!.acts.find((a) => a.modes.includes("OPERADORA"));
    if (act?.kind === "CONCESSAO") kinds.add("CONCESSIONARIA");
    else if (c.code === "APLICATIVO") kinds.add("PLATAFORMA");
    else {
      kinds.add("EMPRESA");
      kinds.add("COOPERATIVA");
    }
  }
  return OPERATOR_KINDS.filter((k) => kinds.has(k));
}

/** Which company facts the pack's operator rules need (so a form asks only those). */
export function operatorFactsAsked(pack: RulePack, category: Category) {
  const rules = rulesFor(pack.operatorRules, category, "OPERADORA");
  const office = rules.find((r) => r.kind === "HEAD_OFFICE_IN_MUNICIPALITY");
  const assets = rules.find((r) => r.kind === "MIN_ASSETS");
  return {
    headOffice: office
      ? { citation: office.citation, orBranch: office.kind === "HEAD_OFFICE_IN_MUNICIPALITY" && office.orBranch }
      : null,
    assets: assets && assets.kind === "MIN_ASSETS" ? { citation: assets.citation, minimumBrl: assets.brl } : null,
  };
}

/** The duty to report each driver's data to the city (Lavras art. 10, § 4º: the vistoria waits for it). */
export function driverDataDuty(pack: RulePack, category: Category): { citation: string } | null {
  const rule = (["VINCULADO", "PREPOSTO"] as const)
    .flatMap((m) => rulesFor(pack.operatorRules, category, m))
    .find((r) => r.kind === "DRIVER_DATA_REPORTED");
  return rule ? { citation: rule.citation } : null;
}

/** A driver serves one company only where the law prints the company's name on the driver's card. */
export function exclusiveDriverRule(pack: RulePack, category: Category): { citation: string } | null {
  const card = pack.identificationCard;
  if (!card || !rulesFor([card], category, "VINCULADO").length) return null;
  for (const c of card.cards) {
    const field = c.fields.find((f) => f.field === "COMPANY_NAME");
    if (field) return { citation: field.citation };
  }
  return null;
}

/**
 * Drivers per vehicle: no limit (the pack format has none); one vehicle per driver where the
 * ONE_VEHICLE rule applies, with the provision to quote when refusing.
 */
export function vehicleSharing(pack: RulePack, category: Category) {
  const oneVehicle = rulesFor(pack.personRules, category, "VINCULADO").find((r) => r.kind === "ONE_VEHICLE");
  const additional = categoryOffer(pack, category)?.modes.find((m) => m.mode === "PREPOSTO");
  return {
    maxDriversPerVehicle: null as number | null,
    /** Where the law admits extra drivers for one vehicle as "motorista adicional". */
    additionalDriverCitation: additional?.citation ?? null,
    oneVehiclePerDriver: oneVehicle ? { citation: oneVehicle.citation } : null,
  };
}

/** The identification card asks for the company's control number of each motorcycle. */
export function controlNumberRule(pack: RulePack): { citation: string } | null {
  for (const c of pack.identificationCard?.cards ?? []) {
    const field = c.fields.find((f) => f.field === "VEHICLE_CONTROL_NUMBER");
    if (field) return { citation: field.citation };
  }
  return null;
}

// ---- the operator's duties: periodic reports and notices of events -----------------------------

/** What a report lists. Deadline ids are the packs' stable vocabulary (like check ids). */
export type ReportContent = "DRIVERS" | "DRIVERS_WITH_DOCUMENTS" | "VEHICLES" | "COMPANY";
const REPORT_CONTENT: Record<string, ReportContent> = {
  relacao_condutores: "DRIVERS",
  relatorio_mensal: "DRIVERS_WITH_DOCUMENTS",
  relacao_veiculos: "VEHICLES",
  atualizacao_cadastro: "COMPANY",
};

/** Which pack deadline (by id) governs the notice of each event, first match wins. */
const NOTICE_DEADLINES: Record<NoticeKind, string[]> = {
  DESLIGAMENTO: ["comunicacao_obito_desligamento", "baixa_condutor_auxiliar"],
  OBITO_ACIDENTE: ["comunicacao_obito_desligamento"],
  EXCLUSAO: ["comunicacao_exclusao"],
  ACIDENTE: ["comunicacao_acidente"],
  REMOCAO_AUXILIAR: ["baixa_condutor_auxiliar"],
  ENDERECO: ["atualizacao_endereco_operadora", "alteracao_endereco", "atualizacao_endereco_condutor"],
  SEGURO: ["renovacao_seguro"],
};

export type Who = "OPERADORA" | "PESSOA";
const matchesWho = (d: Deadline, who: Who) => (who === "OPERADORA" ? d.who === "OPERADORA" : d.who !== "OPERADORA");

/** The pack's periodic or on-request reports of an operator, with what each lists. */
export function reportDuties(pack: RulePack): { deadline: Deadline; content: ReportContent }[] {
  return pack.deadlines
    .filter((d) => d.who === "OPERADORA" && REPORT_CONTENT[d.id])
    .map((d) => ({ deadline: d, content: REPORT_CONTENT[d.id] }));
}

/** The deadline the pack sets for notifying an event, for the operator or for a person (titular, driver). */
export function noticeDeadline(pack: RulePack, kind: NoticeKind, who: Who): Deadline | null {
  for (const id of NOTICE_DEADLINES[kind]) {
    const d = pack.deadlines.find((x) => x.id === id && matchesWho(x, who));
    if (d) return d;
  }
  return null;
}

/** The events the law asks this party to notify, each with its deadline. */
export function noticeDuties(pack: RulePack, who: Who): { kind: NoticeKind; label: string; deadline: Deadline }[] {
  return (Object.keys(NOTICE_DEADLINES) as NoticeKind[]).flatMap((kind) => {
    const deadline = noticeDeadline(pack, kind, who);
    return deadline ? [{ kind, label: NOTICE_KIND_LABELS[kind], deadline }] : [];
  });
}

export function unlinkNotice(pack: RulePack, reason: UnlinkReason): { kind: NoticeKind; deadline: Deadline } | null {
  for (const kind of UNLINK_REASONS[reason].notice) {
    const deadline = noticeDeadline(pack, kind, "OPERADORA");
    if (deadline) return { kind, deadline };
  }
  return null;
}

/** The operator sees its drivers' files only where the law makes it collect them ("with copies of the documents"). */
export function operatorCollectsDriverDocuments(pack: RulePack): boolean {
  return reportDuties(pack).some((r) => r.content === "DRIVERS_WITH_DOCUMENTS");
}
