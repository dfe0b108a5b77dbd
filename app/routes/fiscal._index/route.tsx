import type { LinksFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { type FormEvent, useMemo } from "react";
import { CameraScanner } from "~/components/fiscal/camera-scanner";
import { DeviceState } from "~/components/fiscal/device-state";
import { InfractionForm, QueuedInfractions } from "~/components/fiscal/infraction-form";
import { OfflineResultView, OfflineTypedView } from "~/components/fiscal/offline-result";
import { useInfractionQueue } from "~/components/fiscal/use-infraction-queue";
import { useOfflineReading } from "~/components/fiscal/use-offline-reading";
import { useOfflineTrust } from "~/components/fiscal/use-offline-trust";
import type { PageHandle } from "~/components/page-title";
import type { loader as rootLoader } from "~/root";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "manifest", href: "/fiscal/manifest.webmanifest" }];

export default function Scanner() {
  const data = useLoaderData<typeof loader>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const municipality = useMemo(
    () => ({ ibge: data.municipality.ibge, keys: data.keys }),
    [data.municipality.ibge, data.keys],
  );
  const trust = useOfflineTrust(municipality);
  const queue = useInfractionQueue(csrf);
  const { shown, scanError, now, handle } = useOfflineReading({
    trust,
    municipality,
    timeZone: data.municipality.timeZone,
    typedError: data.typedError,
  });

  function typed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("codigo");
    if (typeof value === "string") void handle(value);
  }

  const showForm =
    shown?.kind === "token" && shown.result.claims && !["INVALID", "UNCONFIRMED"].includes(shown.result.verdict);
  return (
    <>
      <h1 className="titulo-fiscal">
        Fiscalização — {data.municipality.name} ({data.municipality.uf})
      </h1>
      <section className="cartao leitor-fiscal" aria-labelledby="ler-titulo">
        <h2 id="ler-titulo" className="visualmente-oculto">
          Ler a credencial
        </h2>
        <CameraScanner onResult={(text) => void handle(text)} />
        <form method="get" action="/fiscal" onSubmit={typed} className="campo codigo-fiscal">
          <label htmlFor="codigo">Código impresso ou link do QR code</label>
          <div className="linha-codigo">
            <input
              id="codigo"
              name="codigo"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ex.: ITA-MB-2026-000123"
              aria-describedby={scanError ? "codigo-erro" : undefined}
              aria-invalid={scanError ? true : undefined}
            />
            <button type="submit" className="botao">
              Consultar
            </button>
          </div>
          {scanError ? (
            <p className="erro-campo" id="codigo-erro" role="alert">
              {scanError}
            </p>
          ) : null}
        </form>
      </section>

      {shown?.kind === "token" ? (
        <OfflineResultView result={shown.result} now={now} timeZone={data.municipality.timeZone} focusKey={shown.at} />
      ) : null}
      {shown?.kind === "serial" ? (
        <OfflineTypedView
          serial={shown.serial}
          listed={shown.listed}
          listAt={shown.listAt}
          now={now}
          timeZone={data.municipality.timeZone}
          focusKey={shown.at}
        />
      ) : null}
      <DeviceState trust={trust} now={now} timeZone={data.municipality.timeZone} />
      {trust.statusListProblem ? <p className="aviso erro">{trust.statusListProblem}</p> : null}
      {showForm && shown.kind === "token" && shown.result.claims ? (
        <InfractionForm
          key={shown.result.claims.serial}
          serial={shown.result.claims.serial}
          holder={shown.result.claims.holderName}
          catalogue={data.catalogue}
          csrf={csrf}
          clientRef={data.clientRef}
          defaultOccurredAt={data.now}
          timeZone={data.municipality.timeZone}
          queue={queue}
        />
      ) : null}
      <QueuedInfractions queue={queue} />
      <p>
        <a href="/fiscal/autos">Autos que lavrei</a>
      </p>
    </>
  );
}

export const handle: PageHandle = { title: "Fiscalização" };
