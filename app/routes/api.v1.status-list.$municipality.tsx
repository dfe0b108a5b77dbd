import type { LoaderFunctionArgs } from "@remix-run/node";
import { responseOf } from "~/http/api.server";
import { statusListAnswer } from "~/api/credential-status.server";
import { withRefusals } from "~/http/refusal.server";

// The municipality's status list for offline verification (api.md, ADR 007). In production
// server.js answers this path before Remix with the same function (app/api/credential-status.server.ts,
// ADR 043); this route serves it everywhere else.
export const loader = /* @__PURE__ */ withRefusals(async ({ params, context }: LoaderFunctionArgs) =>
  responseOf(await statusListAnswer(params.municipality ?? "", context.clientIp)),
);
