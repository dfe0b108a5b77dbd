// The service worker of the driver's home with no signal (public/offline-copy.js, then
// public/painel/sw.js), registered by /painel and /credenciais with their own paths as scope; a
// route, so it is never cached long.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRefusals } from "~/http/refusal.server";
import { OFFLINE_COPY, scriptResponse } from "~/http/static-script.server";

export const loader = withRefusals(async (_: LoaderFunctionArgs) =>
  scriptResponse([OFFLINE_COPY, "public/painel/sw.js"]),
);
