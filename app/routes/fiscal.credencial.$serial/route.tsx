import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import {
  HolderPanel,
  InfractionPhotoForm,
  NotRecognised,
  OpenAutos,
  StatusHistory,
  VehicleAndOperator,
} from "~/components/fiscal/credential-panels";
import { InfractionForm, QueuedInfractions } from "~/components/fiscal/infraction-form";
import { infractionLabel } from "~/components/fiscal/infraction-search";
import { useInfractionQueue } from "~/components/fiscal/use-infraction-queue";
import { VerdictBanner } from "~/components/fiscal/verdict-banner";
import type { PageHandle } from "~/components/page-title";
import type { loader as rootLoader } from "~/root";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function FiscalCredential() {
  const data = useLoaderData<typeof loader>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const queue = useInfractionQueue(csrf);
  const c = data.body.credential;
  const d = data.detail;
  const names = useMemo(
    () => new Map((data.catalogue ?? []).map((i) => [i.code, infractionLabel(i)])),
    [data.catalogue],
  );
  return (
    <>
      <h1>Credencial {data.serial}</h1>
      {data.infractionNumber ? (
        <p className="aviso sucesso" role="status">
          Auto de infração nº {data.infractionNumber} registrado.{data.photoSent ? " Foto anexada." : ""}
        </p>
      ) : null}
      {data.photoError ? (
        <p className="aviso erro" role="alert">
          A foto não foi anexada: {data.photoError}
        </p>
      ) : null}
      {/* The verdict takes focus on arrival from the scanner (not after an auto, whose message comes first). */}
      <VerdictBanner
        verdict={data.body.verdict}
        reason={data.body.reason}
        mode="online"
        focusKey={data.infractionNumber || data.photoError ? undefined : data.serial}
      />
      {!c ? (
        <NotRecognised scanned={data.scanned} serial={data.serial} />
      ) : (
        <>
          <HolderPanel c={c} d={d} scanned={data.scanned} />
          <VehicleAndOperator c={c} d={d} />
          <OpenAutos infractions={d?.infractions ?? []} names={names} timeZone={data.timeZone} />
          <StatusHistory history={d?.history ?? []} timeZone={data.timeZone} />
          {data.catalogue && data.infractionNumber ? (
            <InfractionPhotoForm infractionNumber={data.infractionNumber} csrf={csrf} photoRef={data.photoRef} />
          ) : null}
          {data.catalogue ? (
            <InfractionForm
              serial={c.serial}
              holder={c.holderName}
              catalogue={data.catalogue}
              csrf={csrf}
              clientRef={data.clientRef}
              defaultOccurredAt={data.now}
              timeZone={data.timeZone}
              queue={queue}
            />
          ) : null}
          <QueuedInfractions queue={queue} serial={c.serial} />
        </>
      )}
      <p>
        <a href="/fiscal" className="botao secundario">
          Nova leitura
        </a>
      </p>
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `Credencial ${data?.serial ?? ""} — Fiscalização`,
};
