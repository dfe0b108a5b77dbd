import type { LoaderFunctionArgs } from "@remix-run/node";
import { verifyPageAnswer } from "~/api/verify-page.server";
import { withRefusals } from "~/http/refusal.server";

// The page behind the QR: static HTML, no JavaScript, verdict first, never cached. In production
// server.js answers well-formed tokens before Remix with the same function
// (app/api/verify-page.server.tsx); this route serves the rest (malformed tokens) and dev.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const answer = await verifyPageAnswer(params.token ?? "", context.clientIp, request.headers.get("user-agent"));
  return new Response(answer.html, { status: answer.status, headers: answer.headers });
});
