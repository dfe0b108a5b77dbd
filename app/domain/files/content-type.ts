// What may be uploaded is decided by the bytes, never by the name or the declared type: a
// browser sends whatever Content-Type the file's extension suggests, and an attacker anything.
import { fileTypeFromBuffer } from "file-type";

const ACCEPTED_TYPES = {
  "application/pdf": { extensions: ["pdf"], kind: "pdf" },
  "image/jpeg": { extensions: ["jpg", "jpeg"], kind: "image" },
  "image/png": { extensions: ["png"], kind: "image" },
} as const;

export type AcceptedMime = keyof typeof ACCEPTED_TYPES;
export type ImageMime = "image/jpeg" | "image/png";

/** How many leading bytes `detectAcceptedType` wants (file-type's own minimum). */
export const SNIFF_BYTES = 4100;

export function isAcceptedMime(mime: string): mime is AcceptedMime {
  return Object.prototype.hasOwnProperty.call(ACCEPTED_TYPES, mime);
}

export function isImageMime(mime: string): mime is ImageMime {
  return mime === "image/jpeg" || mime === "image/png";
}

export function extensionsFor(mime: string): readonly string[] {
  return isAcceptedMime(mime) ? ACCEPTED_TYPES[mime].extensions : [];
}

/**
 * The accepted type from the first bytes (SNIFF_BYTES), or null. "%PDF-" must be at offset 0:
 * readers tolerate junk before it, and that junk is how HTML/PDF polyglots are built.
 */
export async function detectAcceptedType(head: Uint8Array): Promise<AcceptedMime | null> {
  if (head.length === 0) return null;
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !isAcceptedMime(detected.mime)) return null;
  if (detected.mime === "application/pdf" && !startsWithAscii(head, "%PDF-")) return null;
  return detected.mime;
}

export function startsWithAscii(bytes: Uint8Array, text: string, offset = 0): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}
