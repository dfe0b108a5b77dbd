// The published rule pack as people read it (issue #30): the gestor on /m/<municipio>/regras and
// anyone on the public /regras/<municipio>. Every rule in a sentence with whom it applies to and its
// citation read against the law's text when it is attached (ADR 067), else the words the pack quotes;
// the categories, the infractions and the federal layer as evaluation applies it. Nothing personal:
// the pack is the law's reading.
import {
  appliesText,
  credentialTypeLabel,
  penaltyText,
  ruleText,
  UNIT_LABEL,
} from "~/components/back-office/pack-text";
import { federalLayerRows } from "~/components/back-office/rule-pack/federal-layer";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatDuration, formatNumber } from "~/domain/format";
import { type CitationReading, readCitation } from "~/domain/laws/citation";
import { federalBr, type RulePack, SILENT_LAW_VALIDITY_PARAMETER } from "~/domain/rule-packs";
import { ACT_LABELS } from "~/domain/rule-packs/category-offers";
import type { MunicipalLaw } from "~/models/law-text.server";

const WHO: Record<string, string> = { OPERADORA: "Operadora", TITULAR: "Titular", CONDUTOR: "Condutor" };
const PART: Record<string, string> = {
  VEICULO: "Cor do veículo",
  DISTICO: "Dístico",
  CAPACETE: "Capacete",
  UNIFORME: "Uniforme",
};
const QUOTA_UNIT: Record<string, string> = { PERMISSAO: "permissão", CONCESSAO: "concessão", VEICULO: "motocicleta" };

/** The pack in words, with each citation read against the law (or the pack's quote of it). */
export function packReadingView(pack: RulePack, law: MunicipalLaw | null) {
  const units = new Map((law?.units ?? []).map((u) => [u.anchor, u]));
  const cite = (citation: string): CitationReading =>
    law
      ? readCitation(citation, law.label, units)
      : {
          citation,
          units: pack.quotes[citation] ? [{ anchor: "", label: "", text: pack.quotes[citation] }] : [],
          unresolved: false,
        };
  return {
    id: pack.id,
    version: pack.version,
    effectiveDate: pack.effectiveDate,
    law: pack.law,
    summary: pack.summary ?? null,
    categories: pack.categories.map((c) => ({
      label: c.label,
      acts: c.acts.map(
        (a) => `${ACT_LABELS[a.kind] === a.label ? a.label : `${ACT_LABELS[a.kind]} — ${a.label}`} (${a.citation})`,
      ),
      selection: c.selection
        ? `${c.selection.kind === "LICITACAO" ? "Licitação" : "Credenciamento"} (${c.selection.citation})`
        : null,
      term: c.term
        ? `Prazo máximo de ${formatDuration(c.term.max)}${c.term.extension ? `, prorrogável ${c.term.extension.times}× por ${formatDuration(c.term.extension.duration)}` : ""} (${c.term.citation})`
        : null,
      colours: c.colours.map((x) => `${PART[x.part] ?? x.part}: ${x.colour} (${x.citation})`),
    })),
    groups: ruleGroups(pack, cite),
    federal: federalLayerRows(pack),
    infractions: infractionsView(pack, cite),
    silences: pack.silences,
  };
}

/** The pack's rules in sentences, one table per kind, each rule with whom it applies to and its citation. */
function ruleGroups(pack: RulePack, cite: (citation: string) => CitationReading) {
  const silent = pack.parameters[SILENT_LAW_VALIDITY_PARAMETER];
  const silentValidity =
    silent?.value != null ? `${silent.value} ${UNIT_LABEL[silent.unit] ?? silent.unit}` : "não definida";
  // A document without object (the DPVAT) is listed with why it is not asked, or that it is asked anyway.
  const withoutObject = (d: (typeof pack.documents)[number]) =>
    d.withoutObject
      ? pack.parameters[d.withoutObject.askParameter]?.value === 1
        ? "sem objeto hoje, mas pedido por decisão do município (parâmetro abaixo)"
        : `não é pedido: ${federalBr.notApplicable.find((n) => n.code === d.withoutObject!.basis)?.reason ?? "sem objeto"}`
      : null;
  const validity = (v: (typeof pack.documents)[number]["validity"]) =>
    v.kind === "DURATION"
      ? `vale ${formatDuration(v.duration)}${v.citation ? ` (${v.citation})` : ""}`
      : v.kind === "RECENT"
        ? `recente: até ${pack.parameters[v.parameter]?.value ?? "?"} dias (parâmetro)`
        : v.kind === "OWN_EXPIRY"
          ? "validade impressa no documento"
          : "sem validade fixada";
  return [
    {
      title: "Requisitos do condutor",
      rules: pack.personRules.map((r) => ({
        text: ruleText(r),
        who: appliesText(r.appliesTo),
        citation: cite(r.citation),
      })),
    },
    {
      title: "Requisitos do veículo",
      rules: pack.vehicleRules.map((r) => ({
        text: ruleText(r),
        who: appliesText(r.appliesTo),
        citation: cite(r.citation),
      })),
    },
    {
      title: "Requisitos da operadora",
      rules: pack.operatorRules.map((r) => ({
        text: ruleText(r),
        who: appliesText(r.appliesTo),
        citation: cite(r.citation),
      })),
    },
    {
      title: "Documentos exigidos",
      rules: pack.documents.map((d) => ({
        text: `${d.label}${d.quantity ? ` (${d.quantity})` : ""} — ${withoutObject(d) ?? `${validity(d.validity)}${d.fromMunicipality ? "; do município" : ""}`}`,
        who: appliesText(d.appliesTo),
        citation: cite(d.citation),
      })),
    },
    {
      title: "Cotas",
      rules: pack.quotas.map((q) => ({
        text:
          q.inhabitantsPerUnit === null
            ? `${q.categories.map((c) => CATEGORY_LABELS[c]).join(", ")}: sem limite`
            : `${q.categories.map((c) => CATEGORY_LABELS[c]).join(", ")}: 1 ${QUOTA_UNIT[q.unit]} para cada ${formatNumber(q.inhabitantsPerUnit)} habitantes`,
        who: appliesText({ modes: q.modes }),
        citation: cite(q.citation),
      })),
    },
    {
      title: "Credenciais emitidas",
      rules: pack.credentials.map((c) => ({
        text: `${credentialTypeLabel(c.type)}: ${c.label} — ${c.validity.kind === "DURATION" ? `vale ${formatDuration(c.validity.duration)}` : c.validity.kind === "UNTIL_NEXT_VISTORIA" ? "vale até a próxima vistoria" : `validade não fixada pela lei; definida pela prefeitura: ${silentValidity}`}`,
        who: appliesText(c.appliesTo),
        citation: cite(c.citation),
      })),
    },
    {
      title: "Vistorias",
      rules: pack.vistorias.map((v) => ({
        text: `A cada ${formatDuration(v.period)}${v.discretionary ? " (a critério da Prefeitura)" : ""}: ${v.items.map((i) => i.label).join("; ")}${v.nonSafetyGrace ? `. Até ${formatDuration(v.nonSafetyGrace.max)} para corrigir defeitos que não afetam a segurança (${v.nonSafetyGrace.citation})` : ""}`,
        who: appliesText(v.appliesTo),
        citation: cite(v.periodCitation),
      })),
    },
    {
      title: "Taxas",
      rules: pack.fees.map((f) => ({ text: `${f.label}: ${f.amount} ${f.unit}`, who: "", citation: cite(f.citation) })),
    },
    {
      title: "Prazos e deveres",
      rules: pack.deadlines.map((x) => ({
        text: `${x.label}${x.within ? ` — em ${formatDuration(x.within)}` : ""}${x.every ? ` — a cada ${formatDuration(x.every)}` : ""}${x.sanction ? `. Sanção: ${x.sanction}` : ""}`,
        who: WHO[x.who] ?? x.who,
        citation: cite(x.citation),
      })),
    },
    {
      title: "Em serviço",
      rules: pack.serviceRequirements.map((s) => ({
        text: s.label,
        who: appliesText(s.appliesTo),
        citation: cite(s.citation),
      })),
    },
  ].filter((g) => g.rules.length);
}

function infractionsView(pack: RulePack, cite: (citation: string) => CitationReading) {
  return {
    classes: pack.infractions.classes.map((c) => ({
      label: c.label,
      penalty: penaltyText(c.penalty),
      citation: c.citation,
    })),
    catalogue: pack.infractions.catalogue.map((i) => ({
      code: i.code,
      description: i.description,
      class: pack.infractions.classes.find((c) => c.code === i.class)?.label ?? null,
      penalty: i.penalty ? penaltyText(i.penalty) : null,
      citation: cite(i.citation),
    })),
    repeat: pack.infractions.repeat
      ? `Reincidência em ${formatDuration(pack.infractions.repeat.window)}${pack.infractions.repeat.strict ? " (prazo inferior a)" : ""}: a infração passa à classe seguinte (${pack.infractions.repeat.citation}).`
      : null,
    enforcement: [
      pack.infractions.enforcement.noticeToDailyFine
        ? `Notificação não atendida em ${formatDuration(pack.infractions.enforcement.noticeToDailyFine.within)} vira multa diária de ${Math.round(pack.infractions.enforcement.noticeToDailyFine.fraction * 100)}% do salário mínimo (${pack.infractions.enforcement.noticeToDailyFine.citation}).`
        : null,
      pack.infractions.enforcement.removalAfterNotices
        ? `Afastamento do condutor após a ${pack.infractions.enforcement.removalAfterNotices.count}ª notificação (${pack.infractions.enforcement.removalAfterNotices.citation}).`
        : null,
      pack.infractions.enforcement.appeal
        ? `Recurso em ${formatDuration(pack.infractions.enforcement.appeal.within)} (${pack.infractions.enforcement.appeal.citation}).`
        : null,
      pack.infractions.enforcement.process
        ? `${pack.infractions.enforcement.process.note} (${pack.infractions.enforcement.process.citation})`
        : null,
    ].filter((x): x is string => Boolean(x)),
  };
}
