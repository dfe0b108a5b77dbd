import type { LoaderFunctionArgs } from "@remix-run/node";
import { isId } from "~/domain/ids";

// The web app manifest of one credential's "Meu crachá": installable on the holder's home screen,
// opening at the card, confined to its page (the service worker's scope). Public, as browsers
// fetch manifests without cookies: it names no one and looks nothing up — the only datum is the
// id already in its URL (ADR 028).
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!isId(id)) return new Response("Não encontrado.", { status: 404 });
  const page = `/credenciais/${id}/carteira`;
  const manifest = {
    id: page,
    name: "Meu crachá — Portal de Credenciamento",
    short_name: "Meu crachá",
    description: "Seu crachá no celular, com o QR code para conferência, também sem conexão.",
    lang: "pt-BR",
    start_url: page,
    scope: page,
    display: "standalone",
    orientation: "portrait",
    background_color: "#f8f8f8",
    theme_color: "#1351b4",
    icons: [
      { src: "/carteira/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/carteira/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/carteira/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
