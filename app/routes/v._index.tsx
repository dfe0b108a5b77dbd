import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { IncompleteCodeView } from "~/components/public/incomplete-code-view";
import { VerdictView } from "~/components/public/verdict-view";
import { publicPageResponse, rateLimitedResponse } from "~/http/public-page.server";
import { withRefusals } from "~/http/refusal.server";
import { lookupTypedCode } from "~/models/credentials/typed-code.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { coarseClient, verifyCredentialSerial } from "~/models/verification.server";
import { overLimit } from "~/utils/public-rate-limit.server";

// /v?codigo=<typed code>: the same verdict reached by typing the printed code (no photo). Only a
// whole code — serial and its check part — is looked up; anything less answers "código
// incompleto" (docs/decisions/014-typed-code-check.md), so walking serials lists nobody.
export const loader = withRefusals(async ({ request, context }: LoaderFunctionArgs) => {
  const code = new URL(request.url).searchParams.get("codigo");
  if (code === null) throw redirect("/verificar");
  const wait = await overLimit("verify", context.clientIp);
  if (wait) return rateLimitedResponse(wait);
  const typed = lookupTypedCode(code.slice(0, 64));
  if (typed.kind === "incomplete") return publicPageResponse("Código incompleto", <IncompleteCodeView typed={code} />);
  const { body } = await verifyCredentialSerial(typed.serial, {
    now: new Date(),
    channel: "CODIGO",
    client: coarseClient(request.headers.get("user-agent")),
  });
  return publicPageResponse(
    "Verificação por código",
    <VerdictView
      body={body}
      serialForReport={body.credential?.serial ?? null}
      scanned={false}
      code={body.credential ? typedCodeFor(body.credential.serial) : null}
    />,
  );
});
