// The JWKS and status list for offline verification, fetched through the service worker, and
// whether the phone is ready to work offline.
import { useCallback, useEffect, useState } from "react";
import { type StatusListResult, verifyStatusList } from "~/credentials/status-list";
import { type OfflineTrust, type PublishedKey, resolverFor } from "./offline-verify";

const JWKS_URL = "/.well-known/jwks.json";
const statusListUrl = (ibge: string) => `/api/v1/status-list/${ibge}`;
const SCANNER_URL = "/fiscal";

type Municipality = OfflineTrust["municipality"];
/** A verified list, fresh (ok) or past its time-to-live (shown with a warning). */
type UsableStatusList = Extract<StatusListResult, { list: unknown }>;

type TrustState = {
  jwks: { keys: PublishedKey[] } | null;
  statusList: UsableStatusList | null;
  /** Set when the list could not be verified at all (never used then). */
  statusListProblem: string | null;
  loaded: boolean;
};

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

export function useOfflineTrust(municipality: Municipality) {
  const [state, setState] = useState<TrustState>({
    jwks: null,
    statusList: null,
    statusListProblem: null,
    loaded: false,
  });
  const [offlineReady, setOfflineReady] = useState(false);
  const [online, setOnline] = useState(true);

  const load = useCallback(async () => {
    const jwks = (await getJson(JWKS_URL).catch(() => null)) as { keys: PublishedKey[] } | null;
    const text = await fetch(statusListUrl(municipality.ibge), { credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : null))
      .catch(() => null);
    let statusList: UsableStatusList | null = null;
    let problem: string | null = null;
    if (text) {
      const result = await verifyStatusList(text, {
        resolveKey: resolverFor({ jwks, municipality }),
        now: new Date(),
        expectedIssuer: municipality.ibge,
      });
      if ("list" in result) statusList = result;
      else problem = `Lista de situação recusada (${result.reason}).`;
    }
    setState({
      jwks: jwks && Array.isArray(jwks.keys) ? jwks : null,
      statusList,
      statusListProblem: problem,
      loaded: true,
    });
  }, [municipality]);

  const checkReady = useCallback(async () => {
    // Ready = worker active and caches full, not "controls this page": a page loaded while it was
    // activating stays uncontrolled, yet the next navigation goes through the worker.
    if (!("caches" in window) || !("serviceWorker" in navigator)) return setOfflineReady(false);
    const registration = await navigator.serviceWorker.getRegistration(SCANNER_URL);
    if (!registration?.active) return setOfflineReady(false);
    const hits = await Promise.all(
      [SCANNER_URL, JWKS_URL, statusListUrl(municipality.ibge)].map((u) => caches.match(u)),
    );
    setOfflineReady(hits.every(Boolean));
  }, [municipality.ibge]);

  useEffect(() => {
    setOnline(navigator.onLine);
    const onOnline = () => {
      setOnline(true);
      void load();
    };
    const onOffline = () => setOnline(false);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    void load();
    let cancelled = false;
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker
        .register(`/fiscal-sw.js?m=${municipality.ibge}`, { scope: SCANNER_URL })
        .then(() => navigator.serviceWorker.ready)
        .then(() => (cancelled ? undefined : checkReady()))
        .catch(() => setOfflineReady(false));
      // Once the worker controls the page, fetch again so its caches hold the newest copies.
      navigator.serviceWorker.addEventListener("controllerchange", () => void load().then(checkReady));
    }
    return () => {
      cancelled = true;
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, [load, checkReady, municipality.ibge]);

  return { ...state, online, offlineReady, reload: load };
}
