// Run by the page that answers a sign-out (app/routes/sair.tsx, ADR 033): deletes every copy of
// "Meu crachá" kept on this device (the wallet's service workers, scope /credenciais/<id>/carteira,
// and their caches, credencia-carteira-*), then goes to the home page. Only the wallet's: the
// fiscal's queue of unsent autos (IndexedDB "credencia-fiscal") and its offline copy stay, so an
// auto written with no signal is never lost by signing out. Dependency-free on purpose.
(async () => {
  try {
    if ("serviceWorker" in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      const wallets = registrations.filter((r) =>
        /^\/credenciais\/[^/]+\/carteira\/?$/.test(new URL(r.scope).pathname),
      );
      await Promise.all(wallets.map((r) => r.unregister()));
    }
    if ("caches" in self) {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("credencia-carteira-")).map((n) => caches.delete(n)));
    }
  } finally {
    location.replace(document.body.dataset.next || "/");
  }
})();
