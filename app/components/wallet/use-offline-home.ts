// The driver's home (/painel) and "Minhas credenciais" with no signal: a service worker scoped to
// the page's own path answers the browser's offline page with one that leads to the badges kept on
// this phone (public/painel/sw.js). It keeps nothing, so there is nothing to remove.
import { useEffect } from "react";

const HOME_WORKER = "/painel-sw.js";

export function useOfflineHome(scope: "/painel" | "/credenciais") {
  useEffect(() => {
    navigator.serviceWorker?.register(HOME_WORKER, { scope }).catch(() => undefined);
  }, [scope]);
}
