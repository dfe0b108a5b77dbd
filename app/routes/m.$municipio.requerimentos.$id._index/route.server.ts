import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { forbidden, invalid } from "~/domain/refusal";
import { readForm } from "~/http/csrf.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireApplication, reviewScreen } from "~/http/review-screen.server";
import { may, requireStaffRecord } from "~/http/staff-guard.server";
import { assign } from "./assign.server";
import { decideDocumentIntent } from "./decide-document.server";
import { recordVistoriaIntent } from "./record-vistoria.server";
import { rejectIntent } from "./reject.server";
import { release } from "./release.server";
import { requestChangesIntent } from "./request-changes.server";
import { scheduleVistoriaIntent } from "./schedule-vistoria.server";
import { startReviewIntent } from "./start-review.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:application", requireApplication);
  const { municipality, user, record } = staff;
  return reviewScreen(municipality, user, record);
});

type ActionResult = {
  intent: string;
  error?: string;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  documentId?: string;
};

type Staff = Awaited<ReturnType<typeof requireStaffRecord<Awaited<ReturnType<typeof requireApplication>>>>>;

/** What an intent's handler gets: the staff member, the application, the form, and the two answers. */
export type Step = Omit<Staff, "record"> & {
  app: Staff["record"];
  form: FormData;
  intent: string;
  done: (ok: string, anchor?: string) => Response;
  fail: (status: number, body: Omit<ActionResult, "intent">) => ReturnType<typeof data<ActionResult>>;
};
export type Intent = (step: Step) => Promise<Response | ReturnType<Step["fail"]>>;

// Each intent, with the permission it needs beyond reading the application.
const INTENTS = new Map<string, [`${string}:${string}`, Intent]>([
  ["assign", ["review:application", assign]],
  ["take_over", ["review:application", assign]],
  ["release", ["review:application", release]],
  ["start_review", ["review:application", startReviewIntent]],
  ["decide_document", ["review:document", decideDocumentIntent]],
  ["request_changes", ["review:application", requestChangesIntent]],
  ["reject", ["review:application", rejectIntent]],
  ["schedule_vistoria", ["manage:vistoria", scheduleVistoriaIntent]],
  ["record_vistoria", ["manage:vistoria", recordVistoriaIntent]],
]);

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { record: app, ...staff } = await requireStaffRecord(request, params, "read:application", requireApplication);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/m/${staff.municipality.slug}/requerimentos/${app.id}`;
  const step: Step = {
    ...staff,
    app,
    form,
    intent,
    done: (ok, anchor = "") => redirect(`${here}?ok=${ok}${anchor ? `#${anchor}` : ""}`),
    fail: (status, body) => data<ActionResult>({ intent, ...body }, { status }),
  };
  try {
    const [permission, run] = INTENTS.get(intent) ?? [];
    if (!permission || !run) throw invalid("Ação desconhecida.");
    if (!may(staff.user, staff.municipality.id, permission)[permission])
      throw forbidden("Você não tem permissão para esta ação.");
    return await run(step);
  } catch (e) {
    return refusedForm<ActionResult>(e, { intent, documentId: String(form.get("documentId") ?? "") || undefined });
  }
});
