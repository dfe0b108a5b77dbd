import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { InfractionInputSchema, parseOccurredAt } from "~/components/fiscal/infraction-input";
import { can } from "~/domain/auth/permissions";
import { conflict, forbidden, invalid, isRefusal, notFound, type Refusal } from "~/domain/refusal";
import { apiError, apiJson } from "~/http/api.server";
import { readForm } from "~/http/csrf.server";
import { actorOf, municipalitiesWith, requirePermission, userCan } from "~/http/permissions.server";
import { REFUSAL_STATUS, withRefusals } from "~/http/refusal.server";
import { credentialScope } from "~/models/fiscal.server";
import { createInfraction } from "~/models/infraction.server";
import { parseForm } from "~/utils/forms";

// Records an auto de infração (idempotent by clientRef). A resource route: the phone's queue
// posts with Accept: application/json and reads { number, created } (201 new, 200 already
// recorded); the form without JavaScript gets a redirect back to the credential.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => redirect("/fiscal/autos"));

const ERROR_CODES: Record<number, string> = {
  400: "invalid_auto",
  403: "forbidden",
  404: "unknown_credential",
  409: "client_ref_conflict",
};

const REFUSALS: Record<number, (message: string) => Refusal> = {
  400: invalid,
  403: forbidden,
  404: notFound,
  409: conflict,
};

export const action = withRefusals(async ({ request }: ActionFunctionArgs) => {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const fail = (status: number, message: string, fields?: Record<string, string | undefined>): Response => {
    // The form without JavaScript gets the refusal as withRefusals answers it (text, same status).
    if (!wantsJson) throw (REFUSALS[status] ?? invalid)(message);
    return apiJson(
      { error: { code: ERROR_CODES[status] ?? "error", message, ...(fields ? { fields } : {}) } },
      { status },
    );
  };
  const user = await requirePermission(request, "create:infraction");
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (e) {
    if (wantsJson && e instanceof Response && e.status === 403)
      return apiError(403, "csrf_failed", "Formulário expirado: recarregue a página.");
    throw e;
  }
  const parsed = parseForm(InfractionInputSchema, form);
  if (!parsed.ok)
    return fail(400, Object.values(parsed.errors).find(Boolean) ?? "Dados do auto inválidos.", parsed.errors);
  const input = parsed.data;
  // Another municipality's credential answers as an unknown serial: no 403 telling it exists.
  const scope = await credentialScope(input.serial, municipalitiesWith(user, "create:infraction"));
  if (!scope) return fail(404, "Nenhuma credencial com este código.");
  const occurredAt = parseOccurredAt(input.occurredAt, scope.municipality.timeZone);
  if (!occurredAt)
    return fail(400, "Informe a data e a hora da infração.", { occurredAt: "Informe a data e a hora da infração." });
  if (!userCan(user, "create:infraction", { municipalityId: scope.municipalityId }))
    return fail(403, "Você não pode lavrar autos sobre credenciais de outro município.");
  const grant = user.grants.find(
    (g) => g.municipalityId === scope.municipalityId && can(user.id, [g], "create:infraction"),
  );
  try {
    const { infraction, created } = await createInfraction(
      {
        clientRef: input.clientRef,
        municipalityId: scope.municipalityId,
        credentialId: scope.id,
        code: input.code,
        place: input.place,
        occurredAt,
        notes: input.notes,
      },
      actorOf(user, request, grant),
    );
    if (!wantsJson)
      return redirect(
        `/fiscal/credencial/${encodeURIComponent(input.serial)}?auto=${encodeURIComponent(infraction.number)}`,
      );
    return apiJson({ id: infraction.id, number: infraction.number, created }, { status: created ? 201 : 200 });
  } catch (e) {
    if (isRefusal(e) && wantsJson) return fail(REFUSAL_STATUS[e.kind], e.message);
    throw e; // the form without JavaScript: withRefusals answers it
  }
});
