// What a scanned QR or typed code points at. An unverified token's serial only builds a URL: the
// signature is checked before it is believed.
import { base64urlDecode, decodeUtf8 } from "~/credentials/status-list";
import { serialOfTypedCode } from "~/domain/credentials/typed-code";

type ScanTarget =
  { kind: "token"; token: string; serial: string | null } | { kind: "serial"; serial: string } | { kind: "invalid" };

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
  // Check part optional: the status list is keyed by serial, and the fiscal is signed in.
  const serial = serialOfTypedCode(candidate);
  return serial && SERIAL.test(serial) ? { kind: "serial", serial } : { kind: "invalid" };
}

/** Where the fiscal view of a scan lives (online). */
export function fiscalViewUrl(target: ScanTarget): string | null {
  if (target.kind === "serial") return `/fiscal/credencial/${encodeURIComponent(target.serial)}`;
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
