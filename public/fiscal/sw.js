// Service worker of the fiscal's scanner (scope /fiscal; served by app/routes/fiscal-sw[.]js.tsx
// after public/offline-copy.js, which it uses as self.offlineCopy).
// Dependency-free on purpose. It keeps what the scanner needs to work with no signal:
//   - the scanner page /fiscal and the build assets it loads;
//   - the public keys (/.well-known/jwks.json) and the municipality's status list
//     (/api/v1/status-list/<ibge>, the IBGE code comes in this script's ?m=).
// Pages and lists are network-first (the newest copy when there is a connection, the last good
// copy when not); fingerprinted assets are cache-first. POSTs are never touched: the page
// queues autos in IndexedDB itself. ADR 007.
const VERSION = "2";
const CACHE = `credencia-fiscal-v${VERSION}`;
const SCANNER = "/fiscal";
const JWKS = "/.well-known/jwks.json";
const STATIC = [
  "/fiscal/manifest.webmanifest",
  "/fiscal/icon-192.png",
  "/fiscal/icon-512.png",
  "/fiscal/icon-maskable-512.png",
];
const ibge = new URL(self.location.href).searchParams.get("m");
const STATUS_LIST = /^\d{7}$/.test(ibge || "") ? `/api/v1/status-list/${ibge}` : null;

const { keepPage, dropOlderCaches, ownGet, cacheFirst } = self.offlineCopy;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await keepPage(CACHE, SCANNER, STATIC);
      await Promise.all([JWKS, STATUS_LIST].filter(Boolean).map((url) => refresh(cache, url)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => event.waitUntil(dropOlderCaches("credencia-fiscal-", CACHE)));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!ownGet(request)) return;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    if (url.pathname === SCANNER || url.pathname.startsWith(`${SCANNER}/`)) event.respondWith(navigation(request, url));
    return;
  }
  if (url.pathname.startsWith("/build/") || STATIC.includes(url.pathname)) {
    event.respondWith(cacheFirst(CACHE, request));
  } else if (url.pathname === JWKS || url.pathname.startsWith("/api/v1/status-list/")) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

async function refresh(cache, url) {
  const response = await fetch(url, { cache: "no-store" });
  if (response.ok) await cache.put(url, response);
}

async function navigation(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (url.pathname === SCANNER && !url.search) {
      if (response.status === 200) await cache.put(SCANNER, response.clone());
      // Signed out (redirected to the sign-in page): nothing of the fiscal stays on the phone.
      else if (response.type === "opaqueredirect" || response.status === 403) await caches.delete(CACHE);
    }
    return response;
  } catch {
    const page = await cache.match(SCANNER);
    if (!page) return Response.error();
    if (url.pathname === SCANNER) return page;
    // A fiscal view asked for with no connection: back to the scanner, which verifies the
    // QR's token on the phone.
    const token = url.searchParams.get("t");
    return Response.redirect(`${SCANNER}${token ? `?t=${encodeURIComponent(token)}` : ""}`, 303);
  }
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { cache: "no-store" });
    if (response.ok) await cache.put(key, response.clone());
    // Rate-limited or failing server: the last good copy serves better than an error.
    return response.ok ? response : (await cache.match(key)) || response;
  } catch {
    return (await cache.match(key)) || Response.error();
  }
}
