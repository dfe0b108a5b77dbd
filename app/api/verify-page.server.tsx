// The page behind the QR (/v/<token>), mounted by server.js in front of Remix too (ADR 016, 034):
// every scan opens it. PublicPage is rendered once and cut where title and verdict go.
import { renderToStaticMarkup } from "react-dom/server";
import { PublicPage } from "~/components/public/public-page";
import { RateLimitedView } from "~/components/public/rate-limited-view";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { coarseClient, isWellFormedToken, verifyCredentialToken } from "~/models/verification.server";
import { env } from "~/utils/env.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { escapeHtml, verdictHtml } from "./verdict-html";

type HtmlAnswer = { status: number; headers: Record<string, string>; html: string };

/** htmlResponse's headers (app/http/answers.server.ts): static, never cached. */
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
