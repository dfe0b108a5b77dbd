import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useNonce } from "./components/nonce";
import { pageTitle } from "./components/page-title";
import { SiteHeader } from "./components/ui/site-header";
import { getUser } from "./http/auth.server";
import { csrfTokenFor } from "./http/csrf.server";
import { navigationFor } from "./http/navigation-view.server";
import { municipalBandFor } from "./models/municipal-band.server";
import styles from "./styles/app.css";
import base from "./styles/base.css";
import { fontFaces, fontPreload, govbrCore } from "./styles/govbr";
import shell from "./styles/shell.css";
import tables from "./styles/tables.css";
import { uploadLimits } from "./utils/upload-limits.server";

export const links: LinksFunction = () => [
  fontPreload,
  ...govbrCore,
  { rel: "stylesheet", href: base },
  { rel: "stylesheet", href: shell },
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: tables },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const csrf = csrfTokenFor(request);
  const [nav, band] = user
    ? await Promise.all([navigationFor(user), municipalBandFor(user, new URL(request.url).pathname)])
    : [null, null];
  return data(
    {
      csrf: csrf.token,
      user: user && nav ? { name: user.name, ...nav } : null,
      band,
      // The upload forms check a file's size on choice, before a long upload (issue #34).
      uploadMaxBytes: uploadLimits().maxFileBytes,
    },
    csrf.setCookie ? { headers: { "Set-Cookie": csrf.setCookie } } : undefined,
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <a className="pular" href="#conteudo">
        Ir para o conteúdo
      </a>
      <SiteHeader user={root?.user ?? null} band={root?.band ?? null} />
      <main id="conteudo">{children}</main>
      <footer className="br-footer rodape">
        <p>
          Portal de Credenciamento — os dados pessoais são tratados conforme a LGPD (Lei 13.709/2018).{" "}
          <Link to="/verificar">Verificar um crachá</Link>
        </p>
      </footer>
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The title is the deepest page's handle.title (a parent's meta cannot see its children's).
  const title = pageTitle(useMatches());
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1351b4" />
        <title>{title}</title>
        <Meta />
        <style dangerouslySetInnerHTML={{ __html: fontFaces }} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

const STATUS_TEXT: Record<number, { title: string; text: string }> = {
  400: {
    title: "Pedido inválido",
    text: "Os dados enviados não puderam ser entendidos. Volte e confira o formulário.",
  },
  401: { title: "Entre para continuar", text: "Esta página exige que você entre com sua conta." },
  403: { title: "Acesso negado", text: "Você não tem permissão para acessar esta página." },
  404: { title: "Página não encontrada", text: "O endereço pode estar errado ou a página foi removida." },
  405: { title: "Operação não permitida", text: "Esta página não aceita esse tipo de envio." },
  409: {
    title: "Conflito",
    text: "A operação não pôde ser feita no estado atual. Recarregue a página e tente de novo.",
  },
  413: { title: "Arquivo grande demais", text: "O arquivo enviado passa do limite permitido." },
  429: { title: "Muitas tentativas", text: "Aguarde alguns minutos e tente de novo." },
};

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = STATUS_TEXT[status] ?? {
    title: "Algo deu errado",
    text: "Ocorreu um erro inesperado no servidor. Tente de novo em instantes; se persistir, procure a prefeitura.",
  };
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data.length < 300 ? error.data : null;
  return (
    <Shell>
      <div className="cartao estreito" role="alert">
        <h1>{known.title}</h1>
        <p>{detail ?? known.text}</p>
        <p className="dica">Código {status}</p>
        <p>
          <Link to="/">Voltar ao início</Link>
        </p>
      </div>
    </Shell>
  );
}
