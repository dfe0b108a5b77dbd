// The service worker of "Meu crachá" (public/offline-copy.js, then public/carteira/sw.js), scoped to
// /credenciais/<id>/carteira, under its own folder; a route, so it is never cached long (ADR 028).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRefusals } from "~/http/refusal.server";
import { OFFLINE_COPY, scriptResponse } from "~/http/static-script.server";

export const loader = withRefusals(async (_: LoaderFunctionArgs) =>
  scriptResponse([OFFLINE_COPY, "public/carteira/sw.js"]),
);
