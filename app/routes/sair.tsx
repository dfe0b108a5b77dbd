import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { htmlResponse } from "~/http/answers.server";
import { readForm, rotatedCsrfCookie } from "~/http/csrf.server";
import { signOut } from "~/http/govbr.server";
import { withRefusals } from "~/http/refusal.server";

export const loader = withRefusals(async (_: LoaderFunctionArgs) => redirect("/"));

// Ends the session (then gov.br's, after a gov.br sign-in); a small page deletes this device's copy of
// "Meu crachá" (public/carteira/esquecer.js), as the phone may be shared (ADR 028, ADR 033). Not
// `Clear-Site-Data: "storage"`: it would also erase the fiscal's queue of unsent autos.
export const action = withRefusals(async ({ request }: ActionFunctionArgs) => {
  await readForm(request);
  const { cookie, location } = await signOut(request);
  const response = htmlResponse(<SignedOut next={location} />, { headers: { "Set-Cookie": cookie } });
  // A new CSRF token too: the one of the session that ended is worthless (ADR 053).
  response.headers.append("Set-Cookie", rotatedCsrfCookie());
  return response;
});

function SignedOut({ next }: { next: string }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>Você saiu — Portal de Credenciamento</title>
        <noscript>
          <meta httpEquiv="refresh" content={`0;url=${next}`} />
        </noscript>
        <script src="/carteira/esquecer.js" defer />
      </head>
      <body data-next={next}>
        <main>
          <h1>Você saiu da sua conta</h1>
          <p role="status">Apagando deste aparelho a cópia do crachá guardada para uso sem conexão…</p>
          <p>
            <a href={next}>{next === "/" ? "Ir para o início" : "Continuar para sair do gov.br"}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
