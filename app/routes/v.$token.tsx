import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { htmlResponse } from "~/utils/html.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, isWellFormedToken, typedCodeFor, verifyCredentialToken } from "~/models/verification.server";
import { PublicPage } from "~/components/public/public-page";
import { VerdictView } from "~/components/public/verdict-view";
import { RateLimitedView } from "~/components/public/rate-limited-view";
import { withRefusals } from "~/http/refusal.server";

// The page behind the QR: static HTML, no JavaScript, verdict first, never cached.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  const wait = await overLimit("verify", context.clientIp);
  if (wait) {
    return htmlResponse(
      <PublicPage title="Aguarde" domain={domain}>
        <RateLimitedView seconds={wait} />
      </PublicPage>,
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const token = params.token ?? "";
  const now = new Date();
  const verification = isWellFormedToken(token)
    ? await verifyCredentialToken(token, {
        now,
        channel: "QR",
        client: coarseClient(request.headers.get("user-agent")),
        withPhoto: true,
      })
    : null;
  const body = verification?.body ?? {
    verdict: "INVALID" as const,
    reason: "not_recognized",
    checkedAt: now.toISOString(),
  };
  return htmlResponse(
    <PublicPage title={`Verificação: ${body.verdict === "VALID" ? "VÁLIDO" : "atenção"}`} domain={domain}>
      <VerdictView
        body={body}
        serialForReport={body.credential?.serial ?? null}
        scanned={true}
        code={body.credential ? typedCodeFor(body.credential.serial) : null}
      />
    </PublicPage>,
    { status: verification ? 200 : 400 },
  );
});
