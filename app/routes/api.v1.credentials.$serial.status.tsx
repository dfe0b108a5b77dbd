import type { LoaderFunctionArgs } from "@remix-run/node";
import { responseOf } from "~/http/api.server";
import { serialStatusAnswer } from "~/api/credential-status.server";
import { withRefusals } from "~/http/refusal.server";

// Live status by printed serial (api.md: "live status only"). In production server.js answers this
// path before Remix with the same function (app/api/credential-status.server.ts, ADR 043); this
// route serves it everywhere else.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params, context }: LoaderFunctionArgs) =>
  responseOf(await serialStatusAnswer(params.serial ?? "", context.clientIp, request.headers.get("user-agent"))),
);
