// Drives server.js's server (createServer: the hot paths' listener in front of the Express app)
// on a free port with a stand-in build: the JSON verdict answers with the address it was given,
// and "Remix" answers with its load context, or with the response a test asks for. startRemix
// puts the real Remix runtime (@remix-run/express's handler, the app's entry.server) behind it,
// over a build of the few routes a test gives.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import handleRequest, { handleDataRequest } from "~/entry.server";
import { bodyForRemix, limitBody } from "~/http/body-limit.server";
import { earlyAnswer, unusableRequest, writeAnswer } from "~/http/request-target.server";
import { clientKey } from "~/utils/client-key";
import type { HttpSettings } from "~/utils/env.server";
import { createServer } from "../../server.js";

type Handler = (context: Record<string, unknown>, req: any, res: any) => void;

export const echoContext: Handler = (context, _req, res) => res.json(context);

/** The stand-in build's server module; `module` replaces parts of it (e.g. the real verifyTokenAnswer). */
function serverModule(module: Record<string, unknown>) {
  return {
    verifyTokenAnswer: async (token: string, ip: string) => ({
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: { token, ip },
    }),
    closeWhenBodyUnread: () => undefined,
    // What server.js takes from the build as it is (ADR 050).
    limitBody,
    bodyForRemix,
    earlyAnswer,
    writeAnswer,
    unusableRequest,
    clientKey,
    ...module,
  };
}

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    port: (server.address() as AddressInfo).port,
    fetch: (path: string, init?: RequestInit) => fetch(base + path, init),
    // The server keeps idle connections 65 s (server.js): a test's own end closes them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function startApp(
  settings: HttpSettings,
  handler: Handler = echoContext,
  module: Record<string, unknown> = {},
) {
  const server: Server = createServer({ entry: { module: serverModule(module) } }, settings, {
    remixHandler: (getLoadContext) => (req, res) => handler(getLoadContext(req, res), req, res),
  });
  return listen(server);
}

/** A route of the build: its path under the root and its module (loader, action, headers, default). */
export type TestRoute = { path: string; module: Record<string, unknown> };

/**
 * server.js with Remix itself behind it: @remix-run/express's handler over a build of `routes`
 * (under a root that renders nothing) whose entry is the app's own (handleRequest, handleDataRequest).
 */
export async function startRemix(
  settings: HttpSettings,
  routes: Record<string, TestRoute>,
  module: Record<string, unknown> = {},
) {
  const manifest = (id: string, parentId: string | undefined, path: string, m: Record<string, unknown>) => ({
    id,
    parentId,
    path,
    module: `/build/${id}.js`,
    imports: [],
    hasAction: "action" in m,
    hasLoader: "loader" in m,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  });
  const root = { default: () => null };
  const build = {
    mode: settings.mode,
    entry: { module: serverModule({ default: handleRequest, handleDataRequest, ...module }) },
    routes: {
      root: { id: "root", path: "", module: root },
      ...Object.fromEntries(
        Object.entries(routes).map(([id, r]) => [id, { id, parentId: "root", path: r.path, module: r.module }]),
      ),
    },
    assets: {
      entry: { module: "/build/entry.js", imports: [] },
      routes: {
        root: manifest("root", undefined, "", root),
        ...Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, manifest(id, "root", r.path, r.module)])),
      },
      url: "/build/manifest.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_singleFetch: true },
    isSpaMode: false,
  };
  return listen(createServer(build, settings));
}

export const httpOnly: HttpSettings = { trustProxy: false, https: false, mode: "production" };
