import type { LoaderFunctionArgs } from "@remix-run/node";
import { verifyTokenAnswer } from "~/api/verify.server";
import { apiJson } from "~/http/api.server";
import { withRefusals } from "~/http/refusal.server";

// JSON verdict for a QR token (api.md). In production server.js answers this path before Remix
// with the same function (app/api/verify.server.ts); this route serves it everywhere else.
export const loader = withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const answer = await verifyTokenAnswer(params.token ?? "", context.clientIp, request.headers.get("user-agent"));
  return apiJson(answer.body, { status: answer.status, headers: answer.headers });
});
