// A route's `headers` export is Remix's only way to send a handler's headers with a page: 429 forms
// export passRetryAfter; a page showing a secret once (a new API key) exports passNoStore.
import type { HeadersFunction } from "@remix-run/node";

export const passRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** Retry-After as above, and the action's or loader's Cache-Control (e.g. `no-store`). */
export const passNoStore: HeadersFunction = (args) => {
  const headers = new Headers(passRetryAfter(args));
  const cacheControl = args.actionHeaders.get("Cache-Control") ?? args.loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
