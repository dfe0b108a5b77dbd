import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ApplicationStatus } from "~/domain/applications/status";
import { holderPhotoType, receiveDocument } from "~/http/document-upload.server";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { assertEditable } from "~/models/application.server";
import { attachDocument } from "~/models/document.server";

// The upload of one document (resource route): answered in JSON to the page's progress-bar
// upload, or by a redirect to a plain form post without JavaScript.
export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) =>
  redirect(`/requerimentos/${params.id}/documentos`),
);

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { user, app, pack, result } = await loadOwnApplication(request, params.id, "update:application");
  const photo = holderPhotoType(pack, app);
  assertEditable(app.status as ApplicationStatus);
  return receiveDocument(request, {
    userId: user.id,
    back: `/requerimentos/${app.id}/documentos`,
    allowed: new Set(result.requiredDocuments.filter((d) => d.submittedBy === "REQUERENTE").map((d) => d.type)),
    notAllowed: "Este documento não é pedido neste requerimento.",
    photoTypes: new Set(photo ? [photo] : []),
    attach: (file, meta) => attachDocument(app, { userId: user.id }, file, meta, actorOf(user, request)),
  });
});
