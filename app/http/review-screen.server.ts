// The review screen's data: the application and its applicant, the rule pack's evaluation, the
// documents (current first, with their earlier versions), the vistorias, the credentials issued
// and the two histories — read through the models and shaped for the page.
import { localDateTime, today } from "~/domain/time";
import { may } from "~/http/staff-guard.server";
import { getApplication } from "~/models/application.server";
import { evaluateForReview, vistoriaBeforeApproval } from "~/models/review-dispatch.server";
import { REJECTION_REASONS } from "~/models/document.server";
import { checklistFor, listVistorias } from "~/models/vistoria.server";
import { applicationLinkState } from "~/models/driver-standing.server";
import { userNames } from "~/models/user-names.server";
import { applicationCredentials, applicationDocuments, prepostoTitular } from "~/models/review.server";
import { segregationViews } from "~/models/segregation.server";
import { applicationHistory, personHistory } from "~/models/review-history.server";
import { cpfConfirmedAt } from "~/domain/auth/govbr-identity";
import { cpfView } from "~/domain/auth/cpf-standing";
import { approvalBlocked, credentialsToIssue } from "~/http/approval-summary.server";
import { parseDraft, type VehicleDraft } from "~/domain/applications/draft";
import {
  answerersByCheck,
  answerLabel,
  FACTS,
  factsRead,
  IDENTIFICATION_FIELDS,
  questionText,
  SUPPLIER_LABELS,
  type Supplier,
} from "~/domain/facts";
import type { Category, Mode, RulePack } from "~/domain/rule-packs";
import type { ApplicationStatus } from "~/domain/applications/status";
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { formatCpf, formatPlate } from "~/domain/br";
import { formatDate } from "~/domain/format";
import { isId } from "~/domain/ids";
import type { CurrentUser } from "~/http/auth.server";
import { describeHistory } from "~/components/back-office/describe-history";
import type { ReviewDocument } from "~/components/back-office/document-review";
import type { VistoriaView } from "~/components/back-office/vistoria-panel";

type Municipality = { id: string; name: string; slug: string; uf: string; timeZone: string };
type Application = NonNullable<Awaited<ReturnType<typeof getApplication>>>;

/** The application of the URL, in the municipality of the URL; a draft is nobody's business yet. */
export async function requireApplication(id: string | undefined, municipalityId: string) {
  const app = isId(id) ? await getApplication(id) : null;
  if (!app || app.municipalityId !== municipalityId || app.status === "DRAFT")
    throw new Response("Requerimento não encontrado.", { status: 404 });
  return app;
}

/** "YYYY-MM-DDTHH:mm" on the municipality's clock. */
const localNow = (timeZone: string, now = new Date()) => localDateTime(now, timeZone);

/** Everything the review screen shows, in the shape the page reads. */
export async function reviewScreen(municipality: Municipality, user: CurrentUser, app: Application) {
  const can = may(
    user,
    municipality.id,
    "review:application",
    "review:document",
    "manage:vistoria",
    "issue:credential",
    "read:credential",
  );
  const [{ pack, result }, docs, vistorias, spec, credentials, history, driverHistory, link, duties, titular] =
    await Promise.all([
      evaluateForReview(app),
      applicationDocuments(app.id),
      listVistorias(app.id),
      checklistFor(app),
      applicationCredentials(app.id),
      applicationHistory(app.id),
      app.personId ? personHistory(app.personId, municipality.id) : Promise.resolve([]),
      applicationLinkState(app),
      segregationViews([app], { userId: user.id, municipalityId: municipality.id }),
      prepostoTitular(app, today(new Date(), municipality.timeZone)),
    ]);
  const vistoriaDue = spec ? await vistoriaBeforeApproval(app) : null;
  const duty = duties.get(app.id)!;
  const required = new Map(result.requiredDocuments.map((d) => [d.type, d]));
  const label = (type: string) => required.get(type)?.label ?? type;
  const names = await userNames([
    app.assignedToId,
    ...docs.map((d) => d.reviewedById),
    ...vistorias.map((v) => v.inspectorId),
  ]);

  const order = [...required.keys()];
  const current = docs
    .filter((d) => !d.replacedById)
    .sort((a, b) => (order.indexOf(a.type) + 1 || 999) - (order.indexOf(b.type) + 1 || 999));
  const documents: ReviewDocument[] = current.map((d) => ({
    id: d.id,
    type: d.type,
    label: label(d.type),
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

  const vistoriaViews: VistoriaView[] = vistorias.map((v) => {
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
      inspector: v.inspectorId ? (names.get(v.inspectorId) ?? "—") : null,
      validUntil: v.validUntil,
      graceUntil: v.graceUntil,
      graceCitation: recorded.outcome?.graceCitation ?? null,
      failed: Array.isArray(recorded.failed) ? recorded.failed : [],
      notes: v.notes,
    };
  });

  // Every PENDING check names who must answer it, and links to where (issue #20).
  const answerers = answerersByCheck(pack, app.category as Category, app.mode as Mode);
  const whereFor = (who: Supplier) =>
    who === "OPERATOR" && app.linkedOperatorId
      ? `/m/${municipality.slug}/operadoras/${app.linkedOperatorId}`
      : who === "INSPECTOR"
        ? "#vistoria"
        : who === "ANALYST"
          ? "#decisao"
          : who === "DRIVER"
            ? "#requerente"
            : null;
  const pendingWho = Object.fromEntries(
    result.checks
      .filter((c) => c.status === "PENDING" && answerers[c.id]?.length)
      .map((c) => [c.id, answerers[c.id].map((who) => ({ label: SUPPLIER_LABELS[who], href: whereFor(who) }))]),
  );

  const person = app.person;
  const vehicle = parseDraft(app.draftJson).vehicle;
  const status = app.status as ApplicationStatus;
  const citations = [
    ...new Set([...result.checks.map((c) => c.citation), ...result.requiredDocuments.map((d) => d.citation)]),
  ];
  return {
    municipality: {
      name: municipality.name,
      slug: municipality.slug,
      uf: municipality.uf,
      timeZone: municipality.timeZone,
    },
    me: user.id,
    app: {
      id: app.id,
      number: app.number,
      status,
      category: app.category,
      mode: app.mode,
      kind: app.kind,
      packVersion: app.packVersion,
      submittedAt: app.submittedAt?.toISOString() ?? null,
      assignedToId: app.assignedToId,
      assignedToName: app.assignedToId ? (names.get(app.assignedToId) ?? "—") : null,
    },
    person: person
      ? {
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
        }
      : null,
    vehicle: {
      plate: vehicle.plate ? formatPlate(vehicle.plate) : null,
      description: [vehicle.make, vehicle.model, vehicle.colour].filter(Boolean).join(" ") || null,
      controlNumber: vehicle.controlNumber ?? null,
      facts: vehicleFactsRead(pack, app.category as Category, app.mode as Mode, vehicle),
    },
    link,
    titular: titular && {
      ...titular,
      cpf: titular.cpf ? formatCpf(titular.cpf) : null,
      credentials: titular.credentials.map((c) => ({ ...c, typeLabel: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type })),
    },
    segregation: duty,
    result,
    toIssue: credentialsToIssue(result),
    blocked: approvalBlocked(result, vistoriaDue),
    vistoriaDue: Boolean(vistoriaDue),
    pendingWho,
    documents,
    reasons: REJECTION_REASONS,
    vistoria: spec
      ? {
          spec: {
            items: spec.items,
            period: spec.period,
            periodCitation: spec.periodCitation,
            grace: spec.nonSafetyGrace ?? null,
          },
          list: vistoriaViews,
        }
      : null,
    credentials: credentials.map((c) => ({
      ...c,
      issuedAt: c.issuedAt.toISOString(),
      typeLabel: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type,
    })),
    history: describeHistory(history, { document: label, timeZone: municipality.timeZone }),
    driverHistory: describeHistory(driverHistory, {
      timeZone: municipality.timeZone,
      document: label,
      infraction: (code) => pack.infractions.catalogue.find((i) => i.code === code)?.description ?? code,
    }),
    citations,
    // Nothing the segregation rule refuses is offered (ADR 051); giving an application back stays.
    can: {
      review: can["review:application"] && !duty.own,
      release: can["review:application"],
      document: can["review:document"] && !duty.own,
      vistoria: can["manage:vistoria"] && !duty.own,
      issue: duty.staffApplication ? duty.gestorApproves : can["issue:credential"] && !duty.own,
      credential: can["read:credential"],
    },
    nowLocal: localNow(municipality.timeZone),
  };
}

/** The vehicle's answers the applicable rules read (doors and seats of a car, cc of a motorcycle…), in words. */
function vehicleFactsRead(pack: RulePack, category: Category, mode: Mode, vehicle: Partial<VehicleDraft>) {
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

// A function, not a constant: REJECTION_REASONS lives in a .server module, absent from the browser bundle.
