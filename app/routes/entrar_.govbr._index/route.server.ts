import type { LoaderFunctionArgs } from "@remix-run/node";
import { startGovbrSignIn } from "~/http/govbr.server";
import { withRefusals } from "~/http/refusal.server";
import { passRetryAfter } from "~/http/route-headers";

// Starts "Entrar com gov.br" (ADR 038): a redirect to the provider, or why it cannot start now
// (the provider is down; too many starts from this address: 429 with Retry-After, ADR 054).
export const loader = withRefusals(async ({ request, context }: LoaderFunctionArgs) =>
  startGovbrSignIn(request, context.clientIp),
);

export const headers = passRetryAfter;
