// What a scanned QR or typed code points at. An unverified token's serial only builds a URL: the
// signature is checked before it is believed.
import { base64urlDecode, decodeUtf8 } from "~/credentials/status-list";
import { parseTypedCode } from "~/domain/credentials/typed-code";

type ScanTarget =
  | { kind: "token"; token: string; serial: string | null }
  /** A whole typed code: the server checks its last part before it shows the holder's photo. */
  | { kind: "code"; serial: string; code: string }
  /** A serial without the check part printed after it: the fiscal is asked for the whole code. */
  | { kind: "serial"; serial: string }
  | { kind: "invalid" };

const JWS = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{0,200}$/;
const SERIAL = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;

export function parseScan(input: string): ScanTarget {
  const text = input.trim();
  if (!text || text.length > 2048) return { kind: "invalid" };
  let candidate = text;
  const path = /^https?:\/\//i.test(text) ? safePath(text) : text.startsWith("/v/") ? text : null;
  if (path !== null) {
    const m = /^\/v\/([^/?#]+)$/.exec(path);
    if (!m) return { kind: "invalid" };
    candidate = m[1];
  }
  if (JWS.test(candidate)) return { kind: "token", token: candidate, serial: unverifiedSerial(candidate) };
  const typed = parseTypedCode(candidate);
  if ((typed.kind === "complete" || typed.kind === "serial") && SERIAL.test(typed.serial))
    return typed.kind === "complete"
      ? { kind: "code", serial: typed.serial, code: typed.code }
      : { kind: "serial", serial: typed.serial };
  return { kind: "invalid" };
}

/** What the scanner says for a serial typed without its check part (the public page refuses it too). */
export const WHOLE_CODE_ASKED =
  "Digite o código inteiro, como impresso na credencial, com os 4 caracteres do fim (ex.: PTC-MT-2026-000002-K7QX).";

/** Where the fiscal view of a scan lives (online); none for a serial without its check part. */
export function fiscalViewUrl(target: ScanTarget): string | null {
  if (target.kind === "code")
    return `/fiscal/credencial/${encodeURIComponent(target.serial)}?codigo=${encodeURIComponent(target.code)}`;
  if (target.kind === "token" && target.serial)
    return `/fiscal/credencial/${encodeURIComponent(target.serial)}?t=${target.token}`;
  return null;
}

function safePath(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

function unverifiedSerial(token: string): string | null {
  const bytes = base64urlDecode(token.split(".")[1]);
  const text = bytes && decodeUtf8(bytes);
  if (!text) return null;
  try {
    const payload: unknown = JSON.parse(text);
    const sn = typeof payload === "object" && payload !== null ? (payload as { sn?: unknown }).sn : null;
    return typeof sn === "string" && SERIAL.test(sn) ? sn : null;
  } catch {
    return null;
  }
}
