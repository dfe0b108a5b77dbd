// Service worker of "Meu crachá" (served by app/routes/credenciais.carteira-sw[.]js.tsx after
// public/offline-copy.js, which it uses as self.offlineCopy), one
// registration per credential, scope /credenciais/<id>/carteira. Dependency-free on purpose.
// It keeps what the card needs to open with no signal: the page, the holder's photo and the build
// assets the page loads. The page and the photo are network-first (the newest copy when there is a
// connection, the last good copy when not); fingerprinted assets are cache-first. When the server
// says the page is not this visitor's (signed out, another account: redirect, 403 or 404), the
// copy is deleted at once — the phone may be shared (ADR 028).
const VERSION = "1";
const PAGE = new URL(self.registration.scope).pathname.replace(/\/$/, "");
const PHOTO = `${PAGE}/foto`;
const PREFIX = `credencia-carteira-${PAGE.split("/")[2] || "x"}-`;
const CACHE = `${PREFIX}v${VERSION}`;
const STATIC = [
  `${PAGE}/manifest.webmanifest`,
  "/carteira/icon-192.png",
  "/carteira/icon-512.png",
  "/carteira/icon-maskable-512.png",
];

const { keepPage, dropOlderCaches, ownGet, cacheFirst } = self.offlineCopy;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await keepPage(CACHE, PAGE, STATIC);
      const photo = await fetch(PHOTO, { credentials: "same-origin", redirect: "manual", cache: "no-store" });
      if (photo.status === 200) await cache.put(PHOTO, photo);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => event.waitUntil(dropOlderCaches(PREFIX, CACHE)));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!ownGet(request)) return;
  const url = new URL(request.url);
  if (url.pathname === PAGE && request.mode === "navigate") event.respondWith(networkFirst(request, PAGE));
  else if (url.pathname === PHOTO) event.respondWith(networkFirst(request, PHOTO));
  else if (url.pathname.startsWith("/build/") || STATIC.includes(url.pathname))
    event.respondWith(cacheFirst(CACHE, request));
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    // Both answers are `private, no-store`: the browser's HTTP cache never holds them.
    response = await fetch(request);
  } catch {
    return (await cache.match(key)) || Response.error();
  }
  if (response.status === 200) await cache.put(key, response.clone());
  // The page signed out (redirect to sign-in) or someone else's (404): nothing of the holder
  // stays on the phone.
  else if (key === PAGE && (response.type === "opaqueredirect" || [401, 403, 404].includes(response.status)))
    await forget();
  return response;
}

async function forget() {
  await caches.delete(CACHE);
  await self.registration.unregister();
}
