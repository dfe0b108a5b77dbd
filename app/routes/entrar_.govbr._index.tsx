import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withRefusals } from "~/http/refusal.server";
import { startGovbrSignIn } from "~/http/govbr.server";
import { GovbrFailure } from "~/components/govbr";

// Starts "Entrar com gov.br" (ADR 038): a redirect to the provider, or why it cannot start now.
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) =>
  startGovbrSignIn(request),
);

export default function GovbrStart() {
  const { error } = useLoaderData<{ error: string }>();
  return <GovbrFailure message={error} />;
}

export const meta: MetaFunction = () => [{ title: "Entrar com gov.br — Portal de Credenciamento" }];
