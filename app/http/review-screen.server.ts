// The review screen's data, read through the models and shaped for the page.
import { parseDraft } from "~/domain/applications/draft";
import type { ApplicationStatus } from "~/domain/applications/status";
import { formatCpf, formatPlate } from "~/domain/br";
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { isId } from "~/domain/ids";
import { notFound } from "~/domain/refusal";
import type { Category, Mode } from "~/domain/rule-packs";
import { localDateTime, today } from "~/domain/time";
import { approvalBlocked, credentialsToIssue } from "~/http/approval-summary.server";
import type { CurrentUser } from "~/http/auth.server";
import { describeHistory } from "~/http/history-view.server";
import { may } from "~/http/staff-guard.server";
import { getApplication } from "~/models/application.server";
import { REJECTION_REASONS } from "~/models/document.server";
import { applicationLinkState } from "~/models/driver-standing.server";
import { applicationCredentials, applicationDocuments, prepostoTitular } from "~/models/review.server";
import { evaluateForReview, vistoriaBeforeApproval } from "~/models/review-dispatch.server";
import { applicationHistory, personHistory } from "~/models/review-history.server";
import { segregationViews } from "~/models/segregation.server";
import { userNames } from "~/models/user-names.server";
import { checklistFor, listVistorias } from "~/models/vistoria.server";
import { documentViews, pendingAnswerers, personView, vehicleFactsRead, vistoriaView } from "./review-views.server";

type Municipality = { id: string; name: string; slug: string; uf: string; timeZone: string };
type Application = NonNullable<Awaited<ReturnType<typeof getApplication>>>;

/** The application of the URL, in the municipality of the URL; a draft is nobody's business yet. */
export async function requireApplication(id: string | undefined, municipalityId: string) {
  const app = isId(id) ? await getApplication(id) : null;
  if (!app || app.municipalityId !== municipalityId || app.status === "DRAFT")
    throw notFound("Requerimento não encontrado.");
  return app;
}

/** "YYYY-MM-DDTHH:mm" on the municipality's clock. */
const localNow = (timeZone: string, now = new Date()) => localDateTime(now, timeZone);

export type ReviewScreenData = Awaited<ReturnType<typeof reviewScreen>>;

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
    ...vistorias.map((v) => v.performedById),
  ]);

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
    person: app.person ? personView(app.person, pack) : null,
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
    pendingWho: pendingAnswerers(pack, result, app, municipality.slug),
    documents: documentViews(docs, required, names),
    reasons: REJECTION_REASONS,
    vistoria: spec
      ? {
          spec: {
            items: spec.items,
            period: spec.period,
            periodCitation: spec.periodCitation,
            grace: spec.nonSafetyGrace ?? null,
          },
          list: vistorias.map((v) => vistoriaView(v, names)),
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
