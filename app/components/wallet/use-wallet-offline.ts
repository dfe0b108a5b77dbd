// "Meu crachá" with no signal: the card page's service worker, and removing the copy on request
// (a shared phone, ADR 028).
import { useCallback, useEffect, useState } from "react";

export const walletPath = (id: string) => `/credenciais/${id}/carteira`;
export const walletPhotoPath = (id: string) => `${walletPath(id)}/foto`;
const WALLET_WORKER = "/credenciais/carteira-sw.js";

type WalletOffline = "checking" | "ready" | "unavailable" | "removed";

export function useWalletOffline(id: string, hasPhoto: boolean) {
  const [online, setOnline] = useState(true);
  const [offline, setOffline] = useState<WalletOffline>("checking");
  const page = walletPath(id);

  const checkReady = useCallback(async () => {
    if (!("caches" in window) || !navigator.serviceWorker?.controller) return setOffline("unavailable");
    const wanted = hasPhoto ? [page, walletPhotoPath(id)] : [page];
    const hits = await Promise.all(wanted.map((u) => caches.match(u)));
    setOffline(hits.every(Boolean) ? "ready" : "unavailable");
  }, [hasPhoto, id, page]);

  useEffect(() => {
    setOnline(navigator.onLine);
    const onOnline = () => setOnline(true);
    const onOffline = () => setOnline(false);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    let cancelled = false;
    const onControl = () => void checkReady();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker
        .register(WALLET_WORKER, { scope: page })
        .then(() => navigator.serviceWorker.ready)
        .then(() => (cancelled ? undefined : checkReady()))
        .catch(() => setOffline("unavailable"));
      navigator.serviceWorker.addEventListener("controllerchange", onControl);
    } else setOffline("unavailable");
    return () => {
      cancelled = true;
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      navigator.serviceWorker?.removeEventListener("controllerchange", onControl);
    };
  }, [checkReady, page]);

  /** Deletes the copy kept on this phone and stops keeping one. */
  const remove = useCallback(async () => {
    const registration = await navigator.serviceWorker?.getRegistration(page);
    await registration?.unregister();
    if ("caches" in window) {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(`credencia-carteira-${id}-`)).map((n) => caches.delete(n)));
    }
    setOffline("removed");
  }, [id, page]);

  return { online, offline, remove };
}
