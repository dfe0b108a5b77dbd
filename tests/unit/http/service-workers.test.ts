// The two service workers are served as one script each: the shared public/offline-copy.js, then
// the worker's own file. Run here in a stand-in worker scope: each script must stand on its own
// (the shared part defined before its use), register its three events, answer only its own GETs.
import { describe, expect, it, vi } from "vitest";
import { loader as walletWorker } from "~/routes/credenciais.carteira-sw[.]js";
import { loader as fiscalWorker } from "~/routes/fiscal-sw[.]js";

type Listener = (event: Record<string, unknown>) => void;

function runWorker(source: string, scriptUrl: string, scope: string) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(scriptUrl),
    registration: { scope, unregister: vi.fn() },
    clients: { claim: vi.fn() },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  // Nothing is cached and the network is down: only which requests the worker takes is looked at.
  const cache = { match: async () => undefined, put: async () => {} };
  const caches = { open: async () => cache, keys: async () => [], delete: async () => true };
  new Function("self", "caches", "fetch", "Response", source)(
    self,
    caches,
    vi.fn(async () => {
      throw new TypeError("offline");
    }),
    { error: () => "error" },
  );
  const fetchEvent = (url: string, init: { method?: string; mode?: string } = {}) => {
    const respondWith = vi.fn((answer: Promise<unknown>) => answer.catch(() => undefined));
    listeners.get("fetch")!({
      request: { url, method: init.method ?? "GET", mode: init.mode ?? "no-cors" },
      respondWith,
    });
    return respondWith.mock.calls.length > 0;
  };
  return { listeners, fetchEvent };
}

const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: {} as never });

describe("the service workers' scripts", () => {
  it("serves the scanner's worker with the shared part first, scope /fiscal and no long cache", async () => {
    const response = await fiscalWorker(args("/fiscal-sw.js"));
    expect(response.headers.get("Service-Worker-Allowed")).toBe("/fiscal");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const source = await response.text();
    expect(source.indexOf("self.offlineCopy = {")).toBeLessThan(source.indexOf("= self.offlineCopy;"));
    const origin = "https://portal.exemplo.gov.br";
    const { listeners, fetchEvent } = runWorker(source, `${origin}/fiscal-sw.js?m=3133808`, `${origin}/fiscal`);
    expect([...listeners.keys()].sort()).toEqual(["activate", "fetch", "install"]);
    expect(fetchEvent(`${origin}/build/entry.client-ABC.js`)).toBe(true);
    expect(fetchEvent(`${origin}/api/v1/status-list/3133808`)).toBe(true);
    expect(fetchEvent(`${origin}/api/v1/status-list/3133808`, { method: "POST" })).toBe(false);
    expect(fetchEvent(`https://outro.exemplo.com/build/entry.client-ABC.js`)).toBe(false);
    expect(fetchEvent(`${origin}/painel`, { mode: "navigate" })).toBe(false);
  });

  it("serves the wallet's worker with the same shared part, for its own credential's page only", async () => {
    const response = await walletWorker(args("/credenciais/carteira-sw.js"));
    expect(response.headers.get("Service-Worker-Allowed")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const source = await response.text();
    const fiscal = await (await fiscalWorker(args("/fiscal-sw.js"))).text();
    const shared = fiscal.slice(0, fiscal.indexOf("\n};\n") + 3);
    expect(shared).toContain("self.offlineCopy = {");
    expect(source.startsWith(shared)).toBe(true);
    const origin = "https://portal.exemplo.gov.br";
    const page = `${origin}/credenciais/abc123/carteira`;
    const { listeners, fetchEvent } = runWorker(source, `${origin}/credenciais/carteira-sw.js`, `${page}/`);
    expect([...listeners.keys()].sort()).toEqual(["activate", "fetch", "install"]);
    expect(fetchEvent(page, { mode: "navigate" })).toBe(true);
    expect(fetchEvent(`${page}/foto`)).toBe(true);
    expect(fetchEvent(`${origin}/credenciais/outra/carteira`, { mode: "navigate" })).toBe(false);
    expect(fetchEvent(`${page}/foto`, { method: "POST" })).toBe(false);
  });
});
