// The answer of the light public pages (the verdict by typed code, the passenger's report): the
// PublicPage frame around `body` with this portal's domain, rendered to static HTML with no
// scripts and never cached (htmlResponse), and the "wait" page of the public rate limit.
import type { ReactElement } from "react";
import { env } from "~/utils/env.server";
import { htmlResponse } from "~/utils/html.server";
import { PublicPage } from "~/components/public/public-page";
import { RateLimitedView } from "~/components/public/rate-limited-view";

type Init = { status?: number; headers?: Record<string, string>; referrer?: "no-referrer" | "same-origin" };

export function publicPageResponse(title: string, body: ReactElement, { referrer, ...init }: Init = {}): Response {
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  return htmlResponse(
    <PublicPage title={title} domain={domain} referrer={referrer}>
      {body}
    </PublicPage>,
    init,
  );
}

/** Over the public rate limit: 429, the seconds to wait in words and in Retry-After. */
export function rateLimitedResponse(seconds: number, title = "Aguarde", init: Init = {}): Response {
  return publicPageResponse(title, <RateLimitedView seconds={seconds} />, {
    ...init,
    status: 429,
    headers: { ...init.headers, "Retry-After": String(seconds) },
  });
}
