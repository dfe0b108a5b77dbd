// The review screen's records in the page's words.
import type { ReviewDocument } from "~/components/back-office/document-review";
import type { VistoriaView } from "~/components/back-office/vistoria-panel";
import type { VehicleDraft } from "~/domain/applications/draft";
import { cpfView } from "~/domain/auth/cpf-standing";
import { cpfConfirmedAt } from "~/domain/auth/govbr-identity";
import { formatCpf } from "~/domain/br";
import {
  answerersByCheck,
  answerLabel,
  FACTS,
  factsRead,
  IDENTIFICATION_FIELDS,
  questionText,
  type Supplier,
  SUPPLIER_LABELS,
} from "~/domain/facts";
import { formatDate } from "~/domain/format";
import type { Category, Mode, RulePack } from "~/domain/rule-packs";
import type { getApplication } from "~/models/application.server";
import type { applicationDocuments } from "~/models/review.server";
import type { evaluateForReview } from "~/models/review-dispatch.server";
import type { listVistorias } from "~/models/vistoria.server";

type Names = Map<string, string>;
type Application = NonNullable<Awaited<ReturnType<typeof getApplication>>>;

/** The current documents in the pack's order, each with its earlier versions. */
export function documentViews(
  docs: Awaited<ReturnType<typeof applicationDocuments>>,
  required: Map<string, { label: string; citation: string }>,
  names: Names,
): ReviewDocument[] {
  const order = [...required.keys()];
  const current = docs
    .filter((d) => !d.replacedById)
    .sort((a, b) => (order.indexOf(a.type) + 1 || 999) - (order.indexOf(b.type) + 1 || 999));
  return current.map((d) => ({
    id: d.id,
    type: d.type,
    label: required.get(d.type)?.label ?? d.type,
    citation: required.get(d.type)?.citation ?? null,
    mime: d.mime,
    originalName: d.originalName,
    sizeBytes: d.sizeBytes,
    issueDate: d.issueDate,
    expiryDate: d.expiryDate,
    reviewStatus: d.reviewStatus,
    reviewReason: d.reviewReason,
    reviewedBy: d.reviewedById ? (names.get(d.reviewedById) ?? "—") : null,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    versions: docs
      .filter((v) => v.type === d.type && v.replacedById)
      .map((v) => ({
        id: v.id,
        createdAt: v.createdAt.toISOString(),
        reviewStatus: v.reviewStatus,
        reviewReason: v.reviewReason,
      })),
  }));
}

export function vistoriaView(v: Awaited<ReturnType<typeof listVistorias>>[number], names: Names): VistoriaView {
  const recorded = (() => {
    try {
      return JSON.parse(v.checklistJson) as { failed?: string[]; outcome?: { graceCitation?: string } };
    } catch {
      return {};
    }
  })();
  return {
    id: v.id,
    status: v.status,
    scheduledFor: v.scheduledFor?.toISOString() ?? null,
    place: v.place,
    performedAt: v.performedAt?.toISOString() ?? null,
    performer: v.performedById ? (names.get(v.performedById) ?? "—") : null,
    validUntil: v.validUntil,
    graceUntil: v.graceUntil,
    graceCitation: recorded.outcome?.graceCitation ?? null,
    failed: Array.isArray(recorded.failed) ? recorded.failed : [],
    notes: v.notes,
  };
}

/** Every PENDING check names who must answer it, and links to where (issue #20). */
export function pendingAnswerers(
  pack: RulePack,
  result: Awaited<ReturnType<typeof evaluateForReview>>["result"],
  app: Application,
  slug: string,
) {
  const answerers = answerersByCheck(pack, app.category as Category, app.mode as Mode);
  const whereFor = (who: Supplier) =>
    who === "OPERADORA" && app.linkedOperatorId
      ? `/m/${slug}/operadoras/${app.linkedOperatorId}`
      : who === "VISTORIA"
        ? "#vistoria"
        : who === "ANALISTA"
          ? "#decisao"
          : who === "CONDUTOR"
            ? "#requerente"
            : null;
  return Object.fromEntries(
    result.checks
      .filter((c) => c.status === "PENDING" && answerers[c.id]?.length)
      .map((c) => [c.id, answerers[c.id].map((who) => ({ label: SUPPLIER_LABELS[who], href: whereFor(who) }))]),
  );
}

export function personView(person: NonNullable<Application["person"]>, pack: RulePack) {
  return {
    fullName: person.fullName,
    cpf: formatCpf(person.cpf),
    cpfConfirmedAt: cpfConfirmedAt(person.cpf, person.user)?.toISOString() ?? null,
    // The CPF with whether gov.br proved it, or that its holder took it back (ADR 054).
    cpfView: cpfView(person.cpf, cpfConfirmedAt(person.cpf, person.user)),
    email: person.user?.email ?? null,
    phone: person.phone,
    birthDate: person.birthDate,
    cnh:
      [
        person.cnhCategory ? `categoria ${person.cnhCategory}` : null,
        person.cnhFirstLicenseDate ? `1ª habilitação ${formatDate(person.cnhFirstLicenseDate)}` : null,
        person.cnhEar ? "com EAR" : null,
      ]
        .filter(Boolean)
        .join(", ") || null,
    address:
      [
        person.street,
        person.addressNumber,
        person.complement,
        person.district,
        person.city && person.uf ? `${person.city}/${person.uf}` : person.city,
      ]
        .filter(Boolean)
        .join(", ") || null,
    residenceHere: person.residenceMunicipalityIbge
      ? person.residenceMunicipalityIbge === pack.municipality.ibge
      : null,
    bloodType: person.bloodType,
  };
}

/** The vehicle's answers the applicable rules read (doors and seats of a car, cc of a motorcycle…), in words. */
export function vehicleFactsRead(pack: RulePack, category: Category, mode: Mode, vehicle: Partial<VehicleDraft>) {
  return factsRead(pack, category, mode)
    .filter(
      (r) =>
        FACTS[r.fact].subject === "vehicle" &&
        FACTS[r.fact].form &&
        !IDENTIFICATION_FIELDS[r.fact] &&
        r.fact !== "vehicle.operatorControlNumber",
    )
    .map((r) => {
      const raw = vehicle[FACTS[r.fact].form!.field as keyof VehicleDraft];
      const value =
        raw === undefined || raw === null || raw === ""
          ? "não informado"
          : typeof raw === "boolean"
            ? raw
              ? "Sim"
              : "Não"
            : answerLabel(r.fact, String(raw));
      return { label: questionText(r.fact, pack.municipality.name), value };
    });
}
