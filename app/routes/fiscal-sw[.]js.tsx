// The scanner's service worker (public/offline-copy.js, then public/fiscal/sw.js), served from the
// root with scope /fiscal. Served by this route rather than as a static file so that it carries
// Service-Worker-Allowed and is never cached long: browsers check it for updates on each visit.
import { OFFLINE_COPY, scriptResponse } from "~/http/static-script.server";

export function loader() {
  return scriptResponse([OFFLINE_COPY, "public/fiscal/sw.js"], { "Service-Worker-Allowed": "/fiscal" });
}
