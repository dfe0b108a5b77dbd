import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import styles from "./styles/app.css";
import { getUser } from "./http/auth.server";
import { csrfTokenFor } from "./http/csrf.server";
import { navigationFor } from "./models/navigation.server";
import { CsrfInput } from "./components/csrf-input";
import { useNonce } from "./components/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const csrf = csrfTokenFor(request);
  const nav = user ? await navigationFor(user) : null;
  return data(
    { csrf: csrf.token, user: user && nav ? { name: user.name, ...nav } : null },
    csrf.setCookie ? { headers: { "Set-Cookie": csrf.setCookie } } : undefined,
  );
}

export const meta: MetaFunction = () => [{ title: "Portal de Credenciamento" }];

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const user = root?.user;
  return (
    <>
      <a className="pular" href="#conteudo">
        Ir para o conteúdo
      </a>
      <header className="cabecalho">
        <div className="cabecalho-inner">
          <Link to="/" className="marca">
            Portal de Credenciamento
            <small>{user?.municipalityLabel ?? "Transporte por motocicleta e aplicativo"}</small>
          </Link>
          {user ? (
            <div className="usuario">
              <span>{user.name}</span>
              <span className="papel" title="Perfil de acesso">
                {user.roleLabel}
              </span>
              <form method="post" action="/sair">
                <CsrfInput />
                <button type="submit" className="link-botao">
                  Sair
                </button>
              </form>
            </div>
          ) : (
            <div className="usuario">
              <Link to="/entrar">Entrar</Link>
              <Link to="/cadastro">Criar conta</Link>
            </div>
          )}
        </div>
      </header>
      {user && user.links.length > 0 ? (
        <nav className="nav" aria-label="Menu principal">
          <ul>
            {user.links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="conteudo">{children}</main>
      <footer className="rodape">
        Portal de Credenciamento — os dados pessoais são tratados conforme a LGPD (Lei 13.709/2018).{" "}
        <Link to="/verificar">Verificar um crachá</Link>
      </footer>
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1351b4" />
        <Meta />
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
