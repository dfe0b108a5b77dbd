// Drives server.js's server (createServer: the hot paths' listener in front of the Express app)
// on a free port with a stand-in build: the JSON verdict answers with the address it was given,
// and "Remix" answers with its load context, or with the response a test asks for.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createServer } from "../../server.js";
import type { HttpSettings } from "~/utils/env.server";
import { bodyForRemix, limitBody } from "~/http/body-limit.server";

type Handler = (context: Record<string, unknown>, req: any, res: any) => void;

export const echoContext: Handler = (context, _req, res) => res.json(context);

/** `module` replaces parts of the stand-in build's server module (e.g. the real verifyTokenAnswer). */
export async function startApp(
  settings: HttpSettings,
  handler: Handler = echoContext,
  module: Record<string, unknown> = {},
) {
  const build = {
    entry: {
      module: {
        verifyTokenAnswer: async (token: string, ip: string) => ({
          status: 200,
          headers: { "Cache-Control": "no-store" },
          body: { token, ip },
        }),
        closeWhenBodyUnread: () => undefined,
        // What server.js takes from the build as it is (ADR 050).
        limitBody,
        bodyForRemix,
        ...module,
      },
    },
  };
  const server: Server = createServer(build, settings, {
    remixHandler: (getLoadContext) => (req, res) => handler(getLoadContext(req, res), req, res),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    fetch: (path: string, init?: RequestInit) => fetch(base + path, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const httpOnly: HttpSettings = { trustProxy: false, https: false, mode: "production" };
