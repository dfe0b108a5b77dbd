import type { LoaderFunctionArgs } from "@remix-run/node";
import { verifyPageAnswer } from "~/api/verify-page.server";
import { responseOf } from "~/http/api.server";
import { withRefusals } from "~/http/refusal.server";

// The page behind the QR: static HTML, no JavaScript, verdict first, never cached. In production
// server.js answers well-formed tokens first (app/api/verify-page.server.tsx); this route, the rest.
export const loader = withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const answer = await verifyPageAnswer(params.token ?? "", context.clientIp, request.headers.get("user-agent"));
  return responseOf({ status: answer.status, headers: answer.headers, body: answer.html });
});
