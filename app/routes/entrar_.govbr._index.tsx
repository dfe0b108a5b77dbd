import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withRefusals } from "~/http/refusal.server";
import { startGovbrSignIn } from "~/http/govbr.server";
import { passRetryAfter } from "~/http/route-headers";
import { GovbrFailure } from "~/components/govbr";

// Starts "Entrar com gov.br" (ADR 038): a redirect to the provider, or why it cannot start now
// (the provider is down; too many starts from this address: 429 with Retry-After, ADR 054).
export const loader = /* @__PURE__ */ withRefusals(async ({ request, context }: LoaderFunctionArgs) =>
  startGovbrSignIn(request, context.clientIp),
);

export const headers = passRetryAfter;

export default function GovbrStart() {
  const { error } = useLoaderData<{ error: string }>();
  return <GovbrFailure message={error} />;
}

export const meta: MetaFunction = () => [{ title: "Entrar com gov.br — Portal de Credenciamento" }];
