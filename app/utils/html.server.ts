// Static HTML for the public pages that must work with no JavaScript on a weak signal (the
// verification page behind the QR): rendered to a string, no scripts, tiny inline CSS.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export function htmlResponse(
  element: ReactElement,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response("<!DOCTYPE html>" + renderToStaticMarkup(element), {
    status: init.status ?? 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...init.headers,
    },
  });
}
