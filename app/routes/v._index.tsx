import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { htmlResponse } from "~/utils/html.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, lookupTypedCode, typedCodeFor, verifyCredentialSerial } from "~/models/verification.server";
import { PublicPage } from "~/components/public/public-page";
import { VerdictView } from "~/components/public/verdict-view";
import { RateLimitedView } from "~/components/public/rate-limited-view";
import { IncompleteCodeView } from "~/components/public/incomplete-code-view";
import { withRefusals } from "~/http/refusal.server";

// /v?codigo=<typed code>: the same verdict reached by typing the printed code (no photo). Only a
// whole code — serial and its check part — is looked up; anything less answers "código
// incompleto" (docs/decisions/014-typed-code-check.md), so walking serials lists nobody.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, context }: LoaderFunctionArgs) => {
  const code = new URL(request.url).searchParams.get("codigo");
  if (code === null) throw redirect("/verificar");
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
  const typed = lookupTypedCode(code.slice(0, 64));
  if (typed.kind === "incomplete") {
    return htmlResponse(
      <PublicPage title="Código incompleto" domain={domain}>
        <IncompleteCodeView typed={code} />
      </PublicPage>,
    );
  }
  const { body } = await verifyCredentialSerial(typed.serial, {
    now: new Date(),
    channel: "CODIGO",
    client: coarseClient(request.headers.get("user-agent")),
  });
  return htmlResponse(
    <PublicPage title="Verificação por código" domain={domain}>
      <VerdictView
        body={body}
        serialForReport={body.credential?.serial ?? null}
        scanned={false}
        code={body.credential ? typedCodeFor(body.credential.serial) : null}
      />
    </PublicPage>,
  );
});
