import { assignDriver } from "~/models/fleet.server";
import type { FleetStep } from "./route.server";

/** One of the operator's drivers into the vehicle. */
export async function assignToVehicle({ operator, actor, form, back }: FleetStep) {
  await assignDriver(operator, String(form.get("vehicleId")), String(form.get("linkId") ?? ""), actor);
  return back("atribuido");
}
