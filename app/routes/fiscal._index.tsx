import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { randomBytes } from "node:crypto";
import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import { grantFor, requirePermission } from "~/http/permissions.server";
import { fiscalHome } from "~/models/fiscal.server";
import { statusOf } from "~/credentials/status-list";
import type { loader as rootLoader } from "~/root";
import { AutoForm, QueuedAutos } from "~/components/fiscal/auto-form";
import { localDateTime } from "~/components/fiscal/auto-schema";
import { CameraScanner } from "~/components/fiscal/camera-scanner";
import { ageText, OfflineResultView, OfflineTypedView, timeBr } from "~/components/fiscal/offline-result";
import { verifyOffline, type OfflineResult } from "~/components/fiscal/offline-verify";
import { fiscalViewUrl, parseScan } from "~/components/fiscal/qr-text";
import { useAutoQueue } from "~/components/fiscal/use-auto-queue";
import { useOfflineTrust } from "~/components/fiscal/use-offline-trust";
import fiscalStyles from "~/components/fiscal/fiscal.css";
import { withRefusals } from "~/http/refusal.server";
import { forbidden } from "~/domain/refusal";

// The fiscal's scanner: camera or typed code → the fiscal view of the credential (online), or
// a verdict computed on the phone (offline). Installable; the service worker keeps this page,
// the JWKS and the municipality's status list. ADR 007.
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "verify:credential");
  const url = new URL(request.url);
  // A typed code (the form without JavaScript) or a QR link goes straight to the fiscal view.
  const typed = url.searchParams.get("codigo") ?? url.searchParams.get("t");
  let typedError: string | null = null;
  if (typed !== null) {
    const to = fiscalViewUrl(parseScan(typed.slice(0, 2048)));
    if (to) throw redirect(to);
    typedError = "Código não reconhecido: confira o código impresso na credencial.";
  }
  const grant = grantFor(user, "verify:credential");
  if (!grant?.municipalityId) throw forbidden("Você não é fiscal de nenhum município.");
  const { municipality, keys, catalogue } = await fiscalHome(grant.municipalityId);
  return {
    // The zone rides in the page's own data (not in any api.md JSON): the offline verdict and the
    // auto's date and time are on the municipality's clock.
    municipality: {
      name: municipality.name,
      uf: municipality.uf,
      ibge: municipality.ibgeCode,
      timeZone: municipality.timeZone,
    },
    keys,
    catalogue,
    clientRef: randomBytes(16).toString("hex"),
    now: localDateTime(new Date(), municipality.timeZone),
    typedError,
  };
});

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: fiscalStyles },
  { rel: "manifest", href: "/fiscal/manifest.webmanifest" },
];

// `at`: when it was read — each reading moves focus to its verdict, even the same code twice.
type Shown =
  | { kind: "token"; result: OfflineResult; at: number }
  | { kind: "serial"; serial: string; listed: "SUSPENDED" | "REVOKED" | null; listAt: number | null; at: number };

export default function Scanner() {
  const data = useLoaderData<typeof loader>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const municipality = useMemo(
    () => ({ ibge: data.municipality.ibge, keys: data.keys }),
    [data.municipality.ibge, data.keys],
  );
  const trust = useOfflineTrust(municipality);
  const queue = useAutoQueue(csrf);
  const [shown, setShown] = useState<Shown | null>(null);
  const [scanError, setScanError] = useState<string | null>(data.typedError);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const handle = useCallback(
    async (text: string, forceOffline = false) => {
      setScanError(null);
      const target = parseScan(text);
      if (target.kind === "invalid") {
        setShown(null);
        setScanError("Não é o QR code nem o código de uma credencial do portal. Confira ou digite o código impresso.");
        return;
      }
      const url = fiscalViewUrl(target);
      if (url && navigator.onLine && !forceOffline) {
        window.location.assign(url);
        return;
      }
      const at = new Date();
      setNow(at);
      if (target.kind === "token") {
        const result = await verifyOffline(
          target.token,
          { jwks: trust.jwks, municipality, statusList: trust.statusList, timeZone: data.municipality.timeZone },
          at,
        );
        setShown({ kind: "token", result, at: at.getTime() });
      } else {
        const list = trust.statusList?.list ?? null;
        setShown({
          kind: "serial",
          serial: target.serial,
          listed: list ? statusOf(list, target.serial) : null,
          listAt: list?.issuedAt ?? null,
          at: at.getTime(),
        });
      }
    },
    [trust.jwks, trust.statusList, municipality, data.municipality.timeZone],
  );

  // The service worker sends an offline navigation to a fiscal view back here with ?t=<token>.
  useEffect(() => {
    if (!trust.loaded) return;
    const token = new URL(window.location.href).searchParams.get("t");
    if (!token) return;
    window.history.replaceState(null, "", "/fiscal");
    void handle(token, true);
  }, [trust.loaded, handle]);

  function typed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("codigo");
    if (typeof value === "string") void handle(value);
  }

  const list = trust.statusList?.list ?? null;
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
      <div className="fiscal-estado" aria-label="Situação do aparelho">
        <span className={`selo ${trust.online ? "ok" : "falha"}`}>{trust.online ? "Conectado" : "Sem conexão"}</span>
        <span className={`selo ${trust.offlineReady ? "ok" : "pendente"}`}>
          {trust.offlineReady ? "Pronto para uso sem conexão" : "Preparando uso sem conexão…"}
        </span>
        <span className={`selo ${list ? (trust.statusList?.ok ? "ok" : "pendente") : "falha"}`}>
          {list
            ? `Lista de situação de ${timeBr(list.issuedAt, data.municipality.timeZone)} (${ageText(list.issuedAt, now)})`
            : trust.loaded
              ? "Sem lista de situação"
              : "Carregando lista de situação…"}
        </span>
      </div>
      {trust.statusListProblem ? <p className="aviso erro">{trust.statusListProblem}</p> : null}
      {showForm && shown.kind === "token" && shown.result.claims ? (
        <AutoForm
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
      <QueuedAutos queue={queue} />
      <p>
        <a href="/fiscal/autos">Autos que lavrei</a>
      </p>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Fiscalização — Portal de Credenciamento" }];
