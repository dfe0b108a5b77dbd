// The service worker of "Meu crachá" (public/offline-copy.js, then public/carteira/sw.js),
// registered once per credential with the scope /credenciais/<id>/carteira — inside this script's
// own folder, so no Service-Worker-Allowed header is needed. Served by a route so it is never
// cached long (ADR 028).
import { OFFLINE_COPY, scriptResponse } from "~/http/static-script.server";

export function loader() {
  return scriptResponse([OFFLINE_COPY, "public/carteira/sw.js"]);
}
