// The page behind the QR (/v/<token>) as one plain function: its Remix route calls it, and
// server.js mounts it in front of Remix like the JSON verdict (ADR 016), because a passenger's
// camera opens it on every scan. The frame is PublicPage rendered by React once, then cut where
// the title and the content go; the verdict is a string template (verdict-html.ts). Same HTML,
// same headers either way (docs/decisions/034-qr-page-without-the-framework.md).
import { renderToStaticMarkup } from "react-dom/server";
import { env } from "~/utils/env.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, isWellFormedToken, verifyCredentialToken } from "~/models/verification.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { PublicPage } from "~/components/public/public-page";
import { RateLimitedView } from "~/components/public/rate-limited-view";
import { escapeHtml, verdictHtml } from "./verdict-html";

export type HtmlAnswer = { status: number; headers: Record<string, string>; html: string };

/** htmlResponse's headers (app/utils/html.server.ts): static, never cached. */
const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

const TITLE = "\u0001";
const CONTENT = "\u0002";
let frame: { domain: string; parts: [string, string, string] } | undefined;

/** `<!DOCTYPE html>` + PublicPage around `content` (HTML), exactly as htmlResponse renders it. */
export function publicPageHtml(title: string, content: string): string {
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  if (frame?.domain !== domain) {
    const markup = renderToStaticMarkup(
      <PublicPage title={TITLE} domain={domain}>
        {CONTENT}
      </PublicPage>,
    );
    const [head, rest] = markup.split(TITLE);
    const [middle, tail] = rest.split(CONTENT);
    frame = { domain, parts: ["<!DOCTYPE html>" + head, middle, tail] };
  }
  return frame.parts[0] + escapeHtml(title) + frame.parts[1] + content + frame.parts[2];
}

/** Whether server.js answers this /v/<segment> itself: a token's shape (it has dots, no route name has). */
export const isQrPageToken = (segment: string) => isWellFormedToken(segment);

export async function verifyPageAnswer(token: string, clientIp: string, userAgent: string | null): Promise<HtmlAnswer> {
  const wait = await overLimit("verify", clientIp);
  if (wait) {
    return {
      status: 429,
      headers: { ...HEADERS, "Retry-After": String(wait) },
      html: publicPageHtml("Aguarde", renderToStaticMarkup(<RateLimitedView seconds={wait} />)),
    };
  }
  const now = new Date();
  const verification = isWellFormedToken(token)
    ? await verifyCredentialToken(token, { now, channel: "QR", client: coarseClient(userAgent), withPhoto: true })
    : null;
  const body = verification?.body ?? {
    verdict: "INVALID" as const,
    reason: "not_recognized",
    checkedAt: now.toISOString(),
  };
  const content = verdictHtml({
    body,
    serialForReport: body.credential?.serial ?? null,
    scanned: true,
    code: body.credential ? typedCodeFor(body.credential.serial) : null,
  });
  return {
    status: verification ? 200 : 400,
    headers: HEADERS,
    html: publicPageHtml(`Verificação: ${body.verdict === "VALID" ? "VÁLIDO" : "atenção"}`, content),
  };
}
