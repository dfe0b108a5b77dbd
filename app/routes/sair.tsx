import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm, rotatedCsrfCookie } from "~/http/csrf.server";
import { signOut } from "~/http/govbr.server";
import { withRefusals } from "~/http/refusal.server";
import { htmlResponse } from "~/utils/html.server";

export async function loader() {
  throw redirect("/");
}

// Signing out ends the session (and, after a gov.br sign-in, goes on to the provider's end-session
// page: app/http/govbr.server.ts), then a small page deletes the copy of "Meu crachá" kept on this
// device (public/carteira/esquecer.js) and goes home: the phone may be shared (ADR 028, ADR 033).
// Not `Clear-Site-Data: "storage"`: it would also erase the fiscal's queue of unsent autos.
// Without JavaScript there is no copy to delete (the wallet needs a service worker): the refresh
// goes home at once.
export const action = /* @__PURE__ */ withRefusals(async ({ request }: ActionFunctionArgs) => {
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
