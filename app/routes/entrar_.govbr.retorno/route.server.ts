import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishGovbrSignIn } from "~/http/govbr.server";
import { withRefusals } from "~/http/refusal.server";

// The provider's answer (ADR 038): verified, then a session, the next step (a password, a claim, an e-mail), or the refusal shown.
export const loader = withRefusals(async ({ request, context }: LoaderFunctionArgs) =>
  finishGovbrSignIn(request, context.clientIp),
);
