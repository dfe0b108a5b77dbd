// What the two service workers share — the fiscal's scanner (public/fiscal/sw.js) and "Meu crachá"
// (public/carteira/sw.js): keeping a signed-in page and the build assets it loads, dropping the
// caches of older versions, and cache-first answers for fingerprinted files. Their routes
// (app/http/static-script.server.ts) serve this script followed by the worker's own in one file,
// so a change here changes both workers' bytes and the browser installs them afresh.
// Dependency-free on purpose.
self.offlineCopy = {
  /**
   * Keeps the offline copy of `page` in the cache `cacheName`: only a 200 (the signed-in visitor's
   * own page) is worth keeping — anything else (a redirect to sign in, 403, 404) fails the install —
   * with the build assets the page loads and the worker's `statics`.
   */
  async keepPage(cacheName, page, statics) {
    const cache = await caches.open(cacheName);
    const response = await fetch(page, { credentials: "same-origin", redirect: "manual", cache: "no-store" });
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    const html = await response.clone().text();
    await cache.put(page, response);
    const assets = [...new Set([...html.matchAll(/["'](\/build\/[^"'?#\s]+)["']/g)].map((m) => m[1]))];
    await cache.addAll([...assets, ...statics]);
    return cache;
  },

  /** On activation: the caches of this worker's older versions go, and the open pages are taken over. */
  async dropOlderCaches(prefix, current) {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(prefix) && n !== current).map((n) => caches.delete(n)));
    await self.clients.claim();
  },

  /** The requests a worker may answer: GETs to its own origin (POSTs are never touched). */
  ownGet(request) {
    return request.method === "GET" && new URL(request.url).origin === self.location.origin;
  },

  /** Fingerprinted files never change: the cached copy, else the network's (kept when good). */
  async cacheFirst(cacheName, request) {
    const cache = await caches.open(cacheName);
    const hit = await cache.match(request);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  },
};
