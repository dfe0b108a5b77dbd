import type { LoaderFunctionArgs } from "@remix-run/node";
import { serialStatusAnswer } from "~/api/credential-status.server";
import { responseOf } from "~/http/api.server";
import { withRefusals } from "~/http/refusal.server";

// Live status by printed serial (api.md). In production server.js answers first with the same
// function (app/api/credential-status.server.ts, ADR 043); this route serves everywhere else.
export const loader = withRefusals(async ({ request, params, context }: LoaderFunctionArgs) =>
  responseOf(await serialStatusAnswer(params.serial ?? "", context.clientIp, request.headers.get("user-agent"))),
);
