import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { can } from "~/domain/auth/permissions";
import { apiError, apiJson } from "~/http/api.server";
import { receiveInfractionPhoto } from "~/http/infraction-photo.server";
import { actorOf, requirePermission, userCan } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import type { Actor } from "~/utils/audit.server";

// One evidence photo for an auto de infração (multipart: csrf, photoRef, foto). The phone's
// queue posts with Accept: application/json and reads { photoId, created, count } (201 new,
// 200 already stored); the form without JavaScript is sent back to where it came from.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => redirect("/fiscal/autos"));

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const user = await requirePermission(request, "create:infraction");
  const number = params.numero ?? "";
  const actorFor = (municipalityId: string) => {
    if (!userCan(user, "create:infraction", { municipalityId })) return null;
    const grant = user.grants.find(
      (g) => g.municipalityId === municipalityId && can(user.id, [g], "create:infraction"),
    );
    return actorOf(user, request, grant) as Actor & { userId: string };
  };
  let outcome;
  try {
    outcome = await receiveInfractionPhoto(request, { number, actorFor });
  } catch (e) {
    if (wantsJson && e instanceof Response && e.status === 403)
      return apiError(403, "csrf_failed", "Formulário expirado: recarregue a página.");
    throw e;
  }
  if (wantsJson) {
    return outcome.ok
      ? apiJson(
          { photoId: outcome.photoId, created: outcome.created, count: outcome.count },
          { status: outcome.created ? 201 : 200 },
        )
      : apiError(outcome.status, outcome.code, outcome.message);
  }
  const back = backTo(request, number);
  return redirect(
    `${back}${back.includes("?") ? "&" : "?"}${outcome.ok ? "foto=enviada" : `foto-erro=${encodeURIComponent(outcome.message)}`}`,
  );
});

/** The fiscal page the form was on (same origin only), else the fiscal's autos. */
function backTo(request: Request, number: string): string {
  const referer = request.headers.get("referer");
  try {
    const url = referer ? new URL(referer) : null;
    if (url && url.origin === new URL(request.url).origin && url.pathname.startsWith("/fiscal/")) {
      url.searchParams.delete("foto");
      url.searchParams.delete("foto-erro");
      url.searchParams.set("auto", number);
      return `${url.pathname}?${url.searchParams}`;
    }
  } catch {
    // an unreadable Referer: fall through
  }
  return "/fiscal/autos";
}
