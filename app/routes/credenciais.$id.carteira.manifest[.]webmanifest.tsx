import type { LoaderFunctionArgs } from "@remix-run/node";
import { isId } from "~/domain/ids";
import { jsonFileAnswer, textAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";

// The web app manifest of one credential's "Meu crachá" (ADR 028). Public, as browsers fetch
// manifests without cookies: it names no one and looks nothing up, its only datum the id in its URL.
export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) => {
  const id = params.id ?? "";
  if (!isId(id)) return textAnswer("Não encontrado.", 404);
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
  return jsonFileAnswer(manifest, "application/manifest+json", "public, max-age=3600");
});
