import { data, redirect } from "@remix-run/node";
import { zUnlink } from "~/forms/operator";
import { unlinkDriver } from "~/models/driver-link.server";
import { parseForm } from "~/utils/forms";
import type { LinkStep } from "./route.server";

/** Ends the bond, with its reason and when it happened; the notice to the city follows. */
export async function unlink({ operator, actor, form, linkId }: LinkStep) {
  const parsed = parseForm(zUnlink, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  await unlinkDriver(operator, linkId, { ...parsed.data, note: parsed.data.note ?? null }, actor);
  return redirect(`/operadora/${operator.id}/comunicacoes?ok=desvinculado`);
}
