// Remix sends an action's or loader's headers with a page only through the route's `headers`
// export. Forms that answer 429 export this one, so the browser learns when to try again.
import type { HeadersFunction } from "@remix-run/node";

export const passRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
