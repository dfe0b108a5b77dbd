import { unassignDriver } from "~/models/fleet.server";
import type { FleetStep } from "./route.server";

/** A driver out of the vehicle. */
export async function takeOffVehicle({ operator, actor, form, back }: FleetStep) {
  await unassignDriver(operator, String(form.get("vehicleId")), String(form.get("vehicleDriverId")), actor);
  return back("retirado");
}
