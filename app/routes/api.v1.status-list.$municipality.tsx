import type { LoaderFunctionArgs } from "@remix-run/node";
import { statusListAnswer } from "~/api/credential-status.server";
import { responseOf } from "~/http/api.server";
import { withRefusals } from "~/http/refusal.server";

// The municipality's status list for offline verification (api.md, ADR 007). In production server.js
// answers first with the same function (ADR 043); this route serves everywhere else.
export const loader = withRefusals(async ({ params, context }: LoaderFunctionArgs) =>
  responseOf(await statusListAnswer(params.municipality ?? "", context.clientIp)),
);
