// The first line of every operator page's loader and action: the operator of the URL, the
// permission checked against it (403 for anyone outside its team), and the actor the audit trail
// records — an OPERADOR acting in the operator's municipality.
import { requirePermission } from "~/http/permissions.server";
import type { Actor } from "~/utils/audit.server";
import { requestIdOf } from "~/http/request-id.server";
import { getOperator, isOwner } from "~/models/operator.server";

export async function requireOperator(request: Request, id: string | undefined, permission: `${string}:${string}`) {
  const operator = await getOperator(id);
  if (!operator) throw new Response("Empresa não encontrada.", { status: 404 });
  const user = await requirePermission(request, permission, { operatorId: operator.id });
  const actor: Actor & { userId: string } = {
    userId: user.id,
    role: "OPERADOR",
    municipalityId: operator.municipalityId,
    requestId: requestIdOf(request),
  };
  return { operator, user, actor, owner: await isOwner(user.id, operator.id) };
}
