// The scanner's service worker (public/offline-copy.js, then public/fiscal/sw.js), scope /fiscal. A
// route, not a static file, so it carries Service-Worker-Allowed and is never cached long.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRefusals } from "~/http/refusal.server";
import { OFFLINE_COPY, scriptResponse } from "~/http/static-script.server";

export const loader = withRefusals(async (_: LoaderFunctionArgs) =>
  scriptResponse([OFFLINE_COPY, "public/fiscal/sw.js"], { "Service-Worker-Allowed": "/fiscal" }),
);
