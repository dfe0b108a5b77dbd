// Every page's <title> is set in one place (issue #32): a route names itself in `handle.title`,
// and root's meta adds the portal's name. The deepest route with a title wins.
import type { MetaArgs } from "@remix-run/node";

export const PORTAL = "Portal de Credenciamento";

export type PageHandle<Loader = unknown> = { title: string | ((data: MetaArgs<Loader>["data"]) => string) };

export function pageTitle(matches: readonly { handle?: unknown; data?: unknown }[]): string {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as Partial<PageHandle> | undefined)?.title;
    if (title) return `${typeof title === "function" ? title(match.data) : title} — ${PORTAL}`;
  }
  return PORTAL;
}
