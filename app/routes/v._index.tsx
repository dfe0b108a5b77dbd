import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { htmlResponse } from "~/utils/html.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, normalizeSerial, verifyCredentialSerial } from "~/models/verification.server";
import { PublicPage } from "~/components/public/public-page";
import { VerdictView } from "~/components/public/verdict-view";
import { RateLimitedView } from "~/components/public/rate-limited-view";

// /v?codigo=<serial>: the same verdict reached by typing the printed code (no photo).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("codigo");
  if (code === null) throw redirect("/verificar");
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  const wait = await overLimit("verify", context.clientIp);
  if (wait) {
    return htmlResponse(<PublicPage title="Aguarde" domain={domain}><RateLimitedView seconds={wait} /></PublicPage>, { status: 429, headers: { "Retry-After": String(wait) } });
  }
  const { body } = await verifyCredentialSerial(normalizeSerial(code.slice(0, 64)), {
    now: new Date(),
    channel: "CODIGO",
    client: coarseClient(request.headers.get("user-agent")),
  });
  return htmlResponse(
    <PublicPage title="Verificação por código" domain={domain}>
      <VerdictView body={body} serialForReport={body.credential?.serial ?? null} scanned={false} />
    </PublicPage>,
  );
}
