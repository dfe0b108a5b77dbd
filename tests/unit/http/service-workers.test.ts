// The service workers are served as one script each: the shared public/offline-copy.js, then
// the worker's own file. Run here in a stand-in worker scope: each script must stand on its own
// (the shared part defined before its use), register its three events, answer only its own GETs.
import { describe, expect, it, vi } from "vitest";
import { loader as walletWorker } from "~/routes/credenciais.carteira-sw[.]js";
import { loader as fiscalWorker } from "~/routes/fiscal-sw[.]js";
import { loader as homeWorker } from "~/routes/painel-sw[.]js";

type Listener = (event: Record<string, unknown>) => void;

/** Pages kept in caches by name, each a map of path to HTML. */
type Kept = Record<string, Record<string, string>>;

function runWorker(source: string, scriptUrl: string, scope: string, kept: Kept = {}) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(scriptUrl),
    registration: { scope, unregister: vi.fn() },
    clients: { claim: vi.fn() },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  // The network is down; the caches hold `kept` (nothing by default).
  const cacheOf = (name: string) => ({
    match: async (path: string) => {
      const html = kept[name]?.[path];
      return html === undefined ? undefined : new Response(html);
    },
    put: async () => {},
  });
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => Object.keys(kept),
    delete: async () => true,
  };
  const ResponseLike = Object.assign(
    function (body: string, init: ResponseInit) {
      return new Response(body, init);
    },
    { error: () => "error" },
  );
  new Function("self", "caches", "fetch", "Response", source)(
    self,
    caches,
    vi.fn(async () => {
      throw new TypeError("offline");
    }),
    ResponseLike,
  );
  let answered: Promise<unknown> | null = null;
  const fetchEvent = (url: string, init: { method?: string; mode?: string } = {}) => {
    answered = null;
    const respondWith = vi.fn((answer: Promise<unknown>) => {
      answered = answer;
      return answer.catch(() => undefined);
    });
    listeners.get("fetch")!({
      request: { url, method: init.method ?? "GET", mode: init.mode ?? "no-cors" },
      respondWith,
    });
    return respondWith.mock.calls.length > 0;
  };
  /** What the worker answered the last request it took. */
  const lastAnswer = async () => (await answered) as Response;
  return { listeners, fetchEvent, lastAnswer };
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

  it("answers the home with no signal by a page leading to the badges kept on this phone, and nothing else", async () => {
    const response = await homeWorker(args("/painel-sw.js"));
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const source = await response.text();
    const origin = "https://portal.exemplo.gov.br";
    const kept: Kept = {
      "credencia-carteira-abc123-v1": {
        "/credenciais/abc123/carteira": '<div class="carteira" data-rotulo="Crachá — Mototáxi, Patrocínio (MG)">',
      },
      "credencia-fiscal-v3": { "/fiscal": "<main>scanner</main>" },
    };
    const home = runWorker(source, `${origin}/painel-sw.js`, `${origin}/painel`, kept);
    expect([...home.listeners.keys()].sort()).toEqual(["activate", "fetch", "install"]);
    expect(home.fetchEvent(`${origin}/painel`, { mode: "navigate" })).toBe(true);
    const page = await home.lastAnswer();
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain("<h1>Sem conexão</h1>");
    expect(html).toContain(
      '<a class="botao" href="/credenciais/abc123/carteira">Abrir Crachá — Mototáxi, Patrocínio (MG)</a>',
    );
    expect(html).not.toContain("scanner");
    // Only its own page's navigations: not the badge, the PDFs, assets or a form's POST.
    expect(home.fetchEvent(`${origin}/painel`)).toBe(false);
    expect(home.fetchEvent(`${origin}/painel`, { mode: "navigate", method: "POST" })).toBe(false);
    expect(home.fetchEvent(`${origin}/credenciais/abc123/carteira`, { mode: "navigate" })).toBe(false);
    expect(home.fetchEvent(`${origin}/build/entry.client-ABC.js`)).toBe(false);

    const list = runWorker(source, `${origin}/painel-sw.js`, `${origin}/credenciais`);
    expect(list.fetchEvent(`${origin}/credenciais`, { mode: "navigate" })).toBe(true);
    expect(await (await list.lastAnswer()).text()).toContain("Nenhum crachá guardado neste celular.");
    expect(list.fetchEvent(`${origin}/credenciais/abc123/pdf`, { mode: "navigate" })).toBe(false);
  });
});
