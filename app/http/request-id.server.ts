// One id per HTTP request, for the audit trail and the logs.
import { randomUUID } from "node:crypto";

const requestIds = new WeakMap<Request, string>();
/** A stable id for one HTTP request, taken from X-Request-Id when a proxy sets one. */
export function requestIdOf(request: Request): string {
  let id = requestIds.get(request);
  if (!id) {
    const header = request.headers.get("x-request-id");
    id = header && /^[\w.-]{8,64}$/.test(header) ? header : randomUUID();
    requestIds.set(request, id);
  }
  return id;
}
