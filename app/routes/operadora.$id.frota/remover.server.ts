import { removeVehicle } from "~/models/fleet.server";
import type { FleetStep } from "./route.server";

export async function removeFromFleet({ operator, actor, form, back }: FleetStep) {
  await removeVehicle(operator, String(form.get("vehicleId")), actor);
  return back("removido");
}
