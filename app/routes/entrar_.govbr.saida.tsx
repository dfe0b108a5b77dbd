import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withRefusals } from "~/http/refusal.server";
import { govbrEndSession } from "~/http/govbr.server";

// After a sign-out that began with gov.br (ADR 038): the portal session is already over; this
// page sends the browser on to end the provider's session too. Public: it holds nothing personal.
// A page and not a redirect, because the sign-out form's redirect may not leave the portal (CSP form-action).
export const loader = /* @__PURE__ */ withRefusals(async () => ({ endSession: await govbrEndSession() }));

export default function GovbrSignedOut() {
  const { endSession } = useLoaderData<typeof loader>();
  return (
    <div className="cartao estreito">
      <h1>Você saiu do portal</h1>
      {endSession ? (
        <p>
          <a href={endSession} className="botao">
            Sair também do gov.br
          </a>
        </p>
      ) : null}
      <p>
        <a href="/">Ir para a página inicial</a>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Você saiu — Portal de Credenciamento" },
  ...(data?.endSession ? [{ httpEquiv: "refresh", content: `0;url=${data.endSession}` }] : []),
];
