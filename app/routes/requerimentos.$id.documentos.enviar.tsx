import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { actorOf } from "~/http/permissions.server";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { assertEditable } from "~/models/application.server";
import { attachDocument } from "~/models/document.server";
import { holderPhotoType, receiveDocument } from "~/http/document-upload.server";
import type { ApplicationStatus } from "~/domain/applications/status";
import { withRefusals } from "~/http/refusal.server";

// The upload of one document (resource route): answered in JSON to the page's progress-bar
// upload, or by a redirect to a plain form post without JavaScript.
export async function loader({ params }: { params: { id?: string } }) {
  throw redirect(`/requerimentos/${params.id}/documentos`);
}

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { user, app, pack, result } = await loadOwnApplication(request, params.id, "update:application");
  const photo = holderPhotoType(pack, app);
  assertEditable(app.status as ApplicationStatus);
  return receiveDocument(request, {
    userId: user.id,
    back: `/requerimentos/${app.id}/documentos`,
    allowed: new Set(result.requiredDocuments.filter((d) => d.submittedBy === "APPLICANT").map((d) => d.type)),
    notAllowed: "Este documento não é pedido neste requerimento.",
    photoTypes: new Set(photo ? [photo] : []),
    attach: (file, meta) => attachDocument(app, { userId: user.id }, file, meta, actorOf(user, request)),
  });
});
