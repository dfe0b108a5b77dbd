// The web app manifest of the fiscal's scanner: installable on the phone's home screen, opening
// at the scanner, confined to /fiscal (the service worker's scope). Public: browsers fetch
// manifests without cookies.
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

export function loader() {
  return new Response(JSON.stringify(MANIFEST), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
