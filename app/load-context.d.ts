import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp: string;
    requestId: string;
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
