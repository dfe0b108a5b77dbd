// The first line of every page of the driver's wizard: the signed-in owner, the application, and
// the rule pack's live evaluation of it; and the last line of its steps' actions.
import { data, redirect } from "@remix-run/node";
import { requireUser } from "~/http/auth.server";
import { ownApplicationFor } from "~/models/driver-wizard.server";
import type { FormErrors, ListFormValues } from "~/utils/forms";

export async function loadOwnApplication(
  request: Request,
  id: string | undefined,
  permission: "read:application" | "update:application" = "read:application",
) {
  return ownApplicationFor(await requireUser(request), id, permission);
}

/**
 * After a step saved what was valid (parseValidPart): "Salvar e sair" leaves even with fields to
 * fix (the overview says some were not saved); "Salvar e continuar" goes to `next`, or stays on
 * the page with the refused fields named and every typed value shown again.
 */
export function saveOrContinue(
  appId: string,
  form: FormData,
  part: { errors: FormErrors; values: ListFormValues },
  next: string,
) {
  const refused = Object.keys(part.errors).length > 0;
  if (form.get("depois") === "sair") return redirect(`/requerimentos/${appId}${refused ? "?salvo=parcial" : ""}`);
  if (refused) return data({ errors: part.errors, values: part.values, saved: true }, { status: 400 });
  return redirect(`/requerimentos/${appId}/${next}`);
}
