// The first line of every operator page's handler: the URL's operator, the permission (403 outside
// its team), and the audit actor — an OPERADOR in the operator's municipality.
import { notFound } from "~/domain/refusal";
import { requirePermission } from "~/http/permissions.server";
import { requestIdOf } from "~/http/request-id.server";
import { getOperator, isOwner } from "~/models/operator.server";
import type { Actor } from "~/utils/audit.server";

export async function requireOperator(request: Request, id: string | undefined, permission: `${string}:${string}`) {
  const operator = await getOperator(id);
  if (!operator) throw notFound("Empresa não encontrada.");
  const user = await requirePermission(request, permission, { operatorId: operator.id });
  const actor: Actor & { userId: string } = {
    userId: user.id,
    role: "OPERADOR",
    municipalityId: operator.municipalityId,
    requestId: requestIdOf(request),
  };
  return { operator, user, actor, owner: await isOwner(user.id, operator.id) };
}
