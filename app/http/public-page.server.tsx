// The light public pages (verdict by typed code, passenger's report): static HTML, no scripts, never
// cached; and the public rate limit's "wait" page.
import type { ReactElement } from "react";
import { PublicPage } from "~/components/public/public-page";
import { RateLimitedView } from "~/components/public/rate-limited-view";
import { htmlResponse } from "~/http/answers.server";
import { env } from "~/utils/env.server";

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
