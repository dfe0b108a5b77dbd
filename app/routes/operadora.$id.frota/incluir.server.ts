import { data } from "@remix-run/node";
import { zVehicle } from "~/forms/operator";
import { addVehicle } from "~/models/fleet.server";
import { parseForm } from "~/utils/forms";
import type { FleetStep } from "./route.server";

/** A vehicle into the fleet, as typed in the form. */
export async function includeVehicle({ operator, actor, form, back }: FleetStep) {
  const parsed = parseForm(zVehicle, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // The field is not called "ownerDocument": a form control of that name shadows form.ownerDocument.
  const { ownerTaxId, ...vehicle } = parsed.data;
  await addVehicle(operator, { ...vehicle, ownerDocument: ownerTaxId }, actor);
  return back("incluido");
}
