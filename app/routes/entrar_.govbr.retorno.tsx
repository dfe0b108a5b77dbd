import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withRefusals } from "~/http/refusal.server";
import { finishGovbrSignIn } from "~/http/govbr.server";
import { GovbrFailure } from "~/components/govbr";

// The provider's answer (ADR 038): verified, then a session, the next step (a password, a claim, an e-mail), or the refusal shown.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, context }: LoaderFunctionArgs) =>
  finishGovbrSignIn(request, context.clientIp),
);

export default function GovbrReturn() {
  const { error } = useLoaderData<typeof loader>();
  return <GovbrFailure message={error} />;
}

export const meta: MetaFunction = () => [{ title: "Entrar com gov.br — Portal de Credenciamento" }];
