import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { formatPlate } from "~/domain/br";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatDate } from "~/domain/format";
import { rulesFor } from "~/domain/rule-packs";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { activeDriversOf } from "~/models/driver-standing.server";
import { listFleet } from "~/models/fleet.server";
import { fleetQuota } from "~/models/fleet-checks.server";
import { operatorCategory } from "~/models/operator.server";
import { controlNumberRule, vehicleSharing } from "~/models/operator-policy.server";
import { activePack } from "~/models/rule-pack.server";
import { formValues } from "~/utils/forms";
import { assignToVehicle } from "./atribuir.server";
import { includeVehicle } from "./incluir.server";
import { removeFromFleet } from "./remover.server";
import { takeOffVehicle } from "./retirar.server";

const OWNER: Record<string, string> = {
  OPERATOR: "a empresa",
  OTHER_COMPANY: "outra empresa",
  HOLDER: "o condutor",
  OTHER_PERSON: "outra pessoa",
};
const VISTORIA: Record<string, string> = {
  SCHEDULED: "agendada",
  PASSED: "aprovada",
  FAILED: "reprovada",
  CONDITIONAL: "aprovada com prazo para reparos",
};

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:vehicle");
  const pack = await activePack(operator.municipality);
  const category = (await operatorCategory(operator.id)) ?? pack.categories[0].code;
  const [fleet, drivers, quota] = await Promise.all([
    listFleet(operator.id),
    activeDriversOf(operator.id),
    fleetQuota(pack, category, operator.municipality),
  ]);
  const ownership = rulesFor(pack.vehicleRules, category, "VINCULADO").find((r) => r.kind === "OWNERSHIP");
  const sharing = vehicleSharing(pack, category);
  return {
    frame: frameOf(operator),
    vehicles: fleet.map((v) => ({
      id: v.id,
      plate: formatPlate(v.plate),
      description: [v.make, v.model, v.colour].filter(Boolean).join(" "),
      years: [v.manufactureYear, v.modelYear].filter(Boolean).join("/"),
      owner: `${v.ownerName ?? "—"} (${OWNER[v.ownerKind ?? ""] ?? "—"})${v.leased ? " · locado" : ""}`,
      controlNumber: v.controlNumber,
      drivers: v.drivers.map((d) => ({ id: d.id, name: d.person.fullName })),
      vistoria: v.vistoria
        ? `${VISTORIA[v.vistoria.status] ?? v.vistoria.status}${v.vistoria.validUntil ? `, válida até ${formatDate(v.vistoria.validUntil)}` : ""}`
        : "sem vistoria",
      seal: v.seal
        ? {
            serial: v.seal.serial,
            verdict: VERDICT_LABELS[v.seal.verdict].label,
            ok: v.seal.verdict === "VALID",
            validUntil: formatDate(v.seal.validUntil),
          }
        : null,
    })),
    drivers: drivers.map((l) => ({ value: l.id, label: l.person?.fullName ?? l.invitedCpf })),
    control: controlNumberRule(pack),
    quota,
    ownership:
      ownership && ownership.kind === "OWNERSHIP"
        ? {
            allowed: ownership.allowed.map((k) => OWNER[k]).join(" ou "),
            leased: ownership.allowedWhenLeased.map((k) => OWNER[k]).join(" ou "),
            citation: ownership.citation,
          }
        : null,
    sharing: {
      max: sharing.maxDriversPerVehicle,
      additional: sharing.additionalDriverCitation,
      oneVehicle: sharing.oneVehiclePerDriver?.citation ?? null,
    },
  };
});

/** What an intent gets: the operator, who acts, the form, and the way back with its message. */
export type FleetStep = {
  operator: Awaited<ReturnType<typeof requireOperator>>["operator"];
  actor: Awaited<ReturnType<typeof requireOperator>>["actor"];
  form: FormData;
  back: (ok: string) => Response;
};

// Any other intent (the form without one) adds a vehicle.
const INTENTS = new Map([
  ["remover", removeFromFleet],
  ["atribuir", assignToVehicle],
  ["retirar", takeOffVehicle],
]);

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "update:vehicle");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = (ok: string) => redirect(`/operadora/${operator.id}/frota?ok=${ok}`);
  try {
    return await (INTENTS.get(intent) ?? includeVehicle)({ operator, actor, form, back });
  } catch (e) {
    // A refused vehicle keeps what was typed in the form.
    return refusedForm(e, intent ? {} : { values: formValues(form) });
  }
});
