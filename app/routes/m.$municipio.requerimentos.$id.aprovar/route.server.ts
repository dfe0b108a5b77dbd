import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MODE_LABELS } from "~/components/back-office/labels";
import { parseDraft } from "~/domain/applications/draft";
import type { ApplicationStatus } from "~/domain/applications/status";
import { formatPlate } from "~/domain/br";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { approvalBlocked, credentialsToIssue } from "~/http/approval-summary.server";
import { requireApprover } from "~/http/approver-guard.server";
import { readForm } from "~/http/csrf.server";
import { requireStaffTrustLevel } from "~/http/govbr.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireApplication } from "~/http/review-screen.server";
import { vehicleConflict } from "~/models/approval-facts.server";
import { cpfViews } from "~/models/cpf-standing.server";
import { approveForReview, evaluateForReview, vistoriaBeforeApproval } from "~/models/review-dispatch.server";

// "Aprovar e emitir", confirmed: the review screen links here; this page says what will be issued,
// to whom, for which plate and until when, and the credentials are issued only on "Confirmar e
// emitir" (POST with CSRF). Only who may issue gets in — a fiscal gets 403 before anything is read.
// A second submission (double tap, back and resend) issues nothing: the model approves only an
// application in review, in one transaction guarded by its row version; the page then shows the
// result of the first.
async function load(request: Request, slug: string | undefined, id: string | undefined) {
  // Who may issue, never the applicant; a staff member's application, a gestor (ADR 051).
  return requireApprover(request, slug, id);
}

const issuedUrl = (slug: string, id: string) => `/m/${slug}/requerimentos/${id}?ok=emitido#aviso`;

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, app } = await load(request, params.municipio, params.id);
  if (app.status === "ISSUED") throw redirect(issuedUrl(municipality.slug, app.id));
  const [{ result }, vistoria, cpfOf] = await Promise.all([
    evaluateForReview(app),
    vistoriaBeforeApproval(app),
    cpfViews([app.person?.cpf ?? ""], { masked: true }),
  ]);
  const plate = app.subject === "OPERADORA" ? null : parseDraft(app.draftJson).vehicle.plate;
  const toIssue = credentialsToIssue(result);
  // Seen before confirming: approving would take the vehicle from its holder (ADR 055).
  const vehicle = plate && toIssue.length ? await vehicleConflict(app) : null;
  return {
    municipality: { slug: municipality.slug, name: municipality.name },
    app: {
      id: app.id,
      number: app.number,
      status: app.status as ApplicationStatus,
      holder: app.person?.fullName ?? app.operator?.legalName ?? "—",
      // With whether gov.br proved it (ADR 054): the approver sees a typed CPF as such.
      cpf: app.person?.cpf ? cpfOf(app.person.cpf) : null,
      category: CATEGORY_LABELS[app.category] ?? app.category,
      mode: MODE_LABELS[app.mode] ?? app.mode,
      plate: plate ? formatPlate(plate) : null,
    },
    toIssue,
    blocked: approvalBlocked(result, vistoria),
    vistoriaDue: Boolean(vistoria),
    vehicle,
    result,
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor, app, user } = await load(request, params.municipio, params.id);
  await readForm(request);
  await requireStaffTrustLevel(request, user, municipality.id);
  if (app.status === "ISSUED") return redirect(issuedUrl(municipality.slug, app.id));
  try {
    await approveForReview(app, municipality.id, actor);
  } catch (e) {
    // Two submissions at once: the one that lost the race changed nothing; show the winner's result.
    const now = await requireApplication(app.id, municipality.id);
    if (now.status === "ISSUED") return redirect(issuedUrl(municipality.slug, app.id));
    // A refusal changes nothing (approveAndIssue is one transaction); say why, with the law.
    return refusedForm(e, {});
  }
  return redirect(issuedUrl(municipality.slug, app.id));
});
