import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isRefusal } from "~/domain/refusal";
import { apiJson } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { receiveDocument, refuseUpload } from "~/http/document-upload.server";
import { actorOf } from "~/http/permissions.server";
import { REFUSAL_STATUS, withRefusals } from "~/http/refusal.server";
import { requireTitularOf, sendPrepostoDocument, TITULAR_UPLOAD_STATUSES } from "~/models/preposto.server";

// A paper the law makes the titular hand in for their preposto (Lei 4.883/2017, art. 14, §§ 1º
// and 3º; submittedBy HOLDER in the pack), through the one upload path (resource route). Who may
// is checked before the body is read: anyone but the titular the application names gets 403.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => redirect("/prepostos"));

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const actor = actorOf(user, request);
  const checked = await requireTitularOf(user, params.id, actor).catch((e: unknown) => {
    // The page's progress-bar upload reads JSON; a plain post gets the 403 page.
    if (isRefusal(e) && request.headers.get("x-envio") === "xhr")
      return apiJson({ ok: false, message: e.message }, { status: REFUSAL_STATUS[e.kind] });
    throw e;
  });
  if (checked instanceof Response) return checked;
  const { app, allowed } = checked;
  const back = "/prepostos";
  if (!TITULAR_UPLOAD_STATUSES.includes(app.status))
    return refuseUpload(request, back, "Este requerimento não recebe mais documentos.", 409);
  return receiveDocument(request, {
    userId: user.id,
    back,
    allowed,
    notAllowed: "A lei não pede este documento ao titular.",
    attach: (file, meta) => sendPrepostoDocument(user, app.id, file, meta, actor),
  });
});
