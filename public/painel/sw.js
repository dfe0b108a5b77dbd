// Service worker of the driver's home with no signal (served by app/routes/painel-sw[.]js.tsx after
// public/offline-copy.js), registered by /painel and by /credenciais, each with its own path as
// scope. It keeps nothing of its own: online, the page comes from the network as always; with no
// signal, instead of the browser's offline page, a page that leads to the badges "Meu crachá"
// keeps on this phone (public/carteira/sw.js, caches named credencia-carteira-<id>-v<n>). Issue #34.
// Dependency-free on purpose.
const PAGE = new URL(self.registration.scope).pathname.replace(/\/$/, "");
const WALLET_CACHE = /^credencia-carteira-([A-Za-z0-9_-]+)-v\d+$/;

const { ownGet } = self.offlineCopy;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!ownGet(request) || request.mode !== "navigate" || new URL(request.url).pathname !== PAGE) return;
  event.respondWith(fetch(request).catch(() => offlinePage()));
});

/** The badges kept on this phone: each wallet's cached page, with the label it carries. */
async function savedBadges() {
  const badges = [];
  for (const name of await caches.keys()) {
    const m = WALLET_CACHE.exec(name);
    if (!m) continue;
    const page = `/credenciais/${m[1]}/carteira`;
    const cached = await (await caches.open(name)).match(page);
    if (!cached) continue;
    // The label is an attribute React wrote, so already escaped; escaped again, in case.
    const label = /data-rotulo="([^"]*)"/.exec(await cached.text());
    badges.push({ page, label: label ? label[1].replace(/[<>]/g, "") : "Meu crachá" });
  }
  return badges;
}

async function offlinePage() {
  const badges = await savedBadges();
  const kept = badges.length
    ? `<h2>Guardado neste celular</h2>
<ul>${badges.map((b) => `<li><a class="botao" href="${b.page}">Abrir ${b.label}</a></li>`).join("")}</ul>
<p>O crachá abre sem conexão com a situação da última atualização. Na conferência, vale o QR code: quem confere vê a situação atual.</p>`
    : `<p>Nenhum crachá guardado neste celular. Com internet, abra “Meu crachá” uma vez para guardá-lo.</p>`;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sem conexão — Portal de Credenciamento</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#333;background:#f8f8f8}main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.6rem}ul{list-style:none;padding:0}li{margin:0 0 .75rem}
.botao{display:inline-block;background:#1351b4;color:#fff;border-radius:100em;padding:.7rem 1.5rem;font-weight:600;text-decoration:none;min-height:2.5rem}
.botao:focus{outline:4px solid #c2850c;outline-offset:2px}a{color:#1351b4}</style></head>
<body><main><h1>Sem conexão</h1>
<p>Esta página precisa de internet.</p>
${kept}
<p><a href="${PAGE}">Tentar de novo</a></p></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      "Cache-Control": "no-store",
    },
  });
}
