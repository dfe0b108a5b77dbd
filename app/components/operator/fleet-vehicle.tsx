// One vehicle of the operator's fleet, with its drivers and the forms that change them.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

type FleetVehicle = {
  id: string;
  plate: string;
  description: string;
  years: string;
  owner: string;
  controlNumber: string | null;
  drivers: { id: string; name: string }[];
  vistoria: string;
  seal: { serial: string; verdict: string; ok: boolean; validUntil: string } | null;
};

/** One vehicle of the fleet; `drivers` are the operator's active drivers it may take. */
export function FleetVehicleItem({ veh, drivers }: { veh: FleetVehicle; drivers: { value: string; label: string }[] }) {
  return (
    <li>
      <h3 style={{ fontSize: "1.05rem", margin: 0 }}>
        {veh.controlNumber ? `Nº ${veh.controlNumber} — ` : ""}
        {veh.plate}
      </h3>
      <p className="dica">
        {[veh.description, veh.years].filter(Boolean).join(", ")} · proprietário: {veh.owner}
      </p>
      <p>
        Vistoria: {veh.vistoria} · Selo:{" "}
        {veh.seal ? (
          <span className={`selo ${veh.seal.ok ? "ok" : "falha"}`}>
            {veh.seal.serial} — {veh.seal.verdict}
          </span>
        ) : (
          "sem selo"
        )}
      </p>
      <p>Condutores: {veh.drivers.length === 0 ? "nenhum" : null}</p>
      {veh.drivers.length ? (
        <ul>
          {veh.drivers.map((dr) => (
            <li key={dr.id}>
              {dr.name}{" "}
              <Form method="post" style={{ display: "inline" }}>
                <CsrfInput />
                <input type="hidden" name="vehicleId" value={veh.id} />
                <input type="hidden" name="vehicleDriverId" value={dr.id} />
                <button
                  type="submit"
                  name="intent"
                  value="retirar"
                  className="link-botao"
                  aria-label={`Retirar ${dr.name} do veículo ${veh.plate}`}
                >
                  retirar
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="acoes">
        {drivers.length ? (
          <Form method="post" className="acoes" style={{ marginTop: 0 }}>
            <CsrfInput />
            <input type="hidden" name="vehicleId" value={veh.id} />
            <div className="campo" style={{ margin: 0 }}>
              <label htmlFor={`condutor-${veh.id}`}>Incluir condutor em {veh.plate}</label>
              <select id={`condutor-${veh.id}`} name="linkId" defaultValue="">
                <option value="">Escolha…</option>
                {drivers.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="intent" value="atribuir" className="botao secundario pequeno">
              Incluir
            </button>
          </Form>
        ) : null}
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="vehicleId" value={veh.id} />
          <button
            type="submit"
            name="intent"
            value="remover"
            className="botao secundario perigo pequeno"
            aria-label={`Retirar ${veh.plate} da frota`}
          >
            Retirar da frota
          </button>
        </Form>
      </div>
    </li>
  );
}
