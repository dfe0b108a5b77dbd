import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonFileAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";

// The web app manifest of the fiscal's scanner, confined to /fiscal (the service worker's scope).
// Public: browsers fetch manifests without cookies.
const MANIFEST = {
  id: "/fiscal",
  name: "Fiscalização — Portal de Credenciamento",
  short_name: "Fiscalização",
  description:
    "Leitor de credenciais para fiscais: verifica crachás e selos, também sem conexão, e registra autos de infração.",
  lang: "pt-BR",
  start_url: "/fiscal",
  scope: "/fiscal",
  display: "standalone",
  orientation: "portrait",
  background_color: "#f8f8f8",
  theme_color: "#1351b4",
  icons: [
    { src: "/fiscal/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/fiscal/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/fiscal/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

export const loader = withRefusals(async (_: LoaderFunctionArgs) =>
  jsonFileAnswer(MANIFEST, "application/manifest+json", "public, max-age=3600"),
);
