import { useLoaderData } from "@remix-run/react";
import { FleetVehicleItem } from "~/components/operator/fleet-vehicle";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import { VehicleForm } from "~/components/operator/vehicle-form";
import type { PageHandle } from "~/components/page-title";
import { useFormResult } from "~/components/ui/form-result";
import { formatCount } from "~/domain/format";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  incluido: "Veículo incluído na frota.",
  removido: "Veículo retirado da frota.",
  atribuido: "Condutor incluído no veículo.",
  retirado: "Condutor retirado do veículo.",
};

export default function OperatorFleet() {
  const d = useLoaderData<typeof loader>();
  const { errors, values: v, flash } = useFormResult(OK);
  return (
    <OperatorFrame operator={d.frame} current="frota" title="Frota">
      <Flash {...flash} />
      {d.quota.map((q) => (
        <p key={q.citation} className={`aviso ${q.status === "FAIL" ? "erro" : ""}`}>
          Cota de motocicletas do município: {q.inForce} de {q.limit} ({q.citation}).
        </p>
      ))}
      <section className="cartao" aria-labelledby="veiculos">
        <h2 id="veiculos">Veículos</h2>
        <p className="dica">
          {d.sharing.max === null
            ? "A lei não limita o número de condutores por veículo"
            : `No máximo ${formatCount(d.sharing.max, "condutor", "condutores")} por veículo`}
          {d.sharing.additional ? ` (condutor adicional: ${d.sharing.additional})` : ""}.
          {d.sharing.oneVehicle ? ` Cada condutor dirige um só veículo (${d.sharing.oneVehicle}).` : ""}
        </p>
        {d.vehicles.length === 0 ? (
          <p>Nenhum veículo na frota.</p>
        ) : (
          <ul className="op-lista">
            {d.vehicles.map((veh) => (
              <FleetVehicleItem key={veh.id} veh={veh} drivers={d.drivers} />
            ))}
          </ul>
        )}
      </section>
      <VehicleForm errors={errors} values={v} control={d.control} ownership={d.ownership} />
    </OperatorFrame>
  );
}

export const handle: PageHandle = { title: "Frota" };
