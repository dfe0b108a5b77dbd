import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp: string;
    requestId: string;
    /** This response's CSP nonce (server.js); absent when Remix runs without server.js. */
    cspNonce?: string;
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
