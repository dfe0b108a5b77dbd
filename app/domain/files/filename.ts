// A file's given name is for display and downloads only, never a storage key or path; these make
// it harmless wherever it is shown or sent back.
import { extensionsFor } from "./content-type";

const MAX_FILENAME_LENGTH = 120;
const FALLBACK = "arquivo";

// Cc: C0/C1 controls (NUL, BEL, ESC…); Cf: invisible format characters such as U+202E
// RIGHT-TO-LEFT OVERRIDE, which can make "fdp.exe" read as "exe.pdf"; Zl/Zp: line breaks.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
// Reserved on Windows, and the quote would end a quoted-string header parameter.
const RESERVED = /[<>:"|?*]/g;
// Device names Windows reserves with any extension: saving "CON.pdf" or "nul.jpg" fails or
// writes to the device. Superscript digits count too (COM¹ is reserved since Windows 10).
const DEVICE_NAME =
  /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)\s*(\.|$)/i;

/** No path, controls or bidi overrides; device names prefixed "_"; extension kept; never empty. */
export function sanitizeFilename(raw: string | null | undefined, maxLength = MAX_FILENAME_LENGTH): string {
  let name = String(raw ?? "")
    .normalize("NFC")
    .replace(INVISIBLE, "");
  name = name.split(/[\\/]/).pop() ?? "";
  name = name.replace(RESERVED, "_").replace(/\s+/g, " ");
  // Leading dots hide files and make "..", trailing dots and spaces are dropped by Windows.
  name = name.replace(/^[.\s]+/, "").replace(/[.\s]+$/, "");
  if (DEVICE_NAME.test(name)) name = `_${name}`;
  name = truncateKeepingExtension(name, Math.max(1, maxLength));
  return name === "" ? FALLBACK : name;
}

function truncateKeepingExtension(name: string, maxLength: number): string {
  const chars = Array.from(name); // code points: never split a surrogate pair
  if (chars.length <= maxLength) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 1 && ext.length <= 10 && ext.length < maxLength) {
    return (
      chars
        .slice(0, maxLength - ext.length)
        .join("")
        .trimEnd() + ext.join("")
    );
  }
  return chars.slice(0, maxLength).join("").trimEnd();
}

/** The sanitised name with the real type's extension ("cnh.pdf" that is a JPEG: "cnh.pdf.jpg"). */
export function downloadName(originalName: string, mime: string): string {
  const name = sanitizeFilename(originalName);
  const extensions = extensionsFor(mime);
  if (extensions.length === 0) return name;
  const lower = name.toLowerCase();
  if (extensions.some((ext) => lower.endsWith(`.${ext}`))) return name;
  return sanitizeFilename(`${name}.${extensions[0]}`);
}

/** RFC 6266, the UTF-8 name in `filename*` (RFC 5987) and an ASCII `filename` for old clients. */
export function contentDisposition(name: string, disposition: "inline" | "attachment"): string {
  const safe = sanitizeFilename(name);
  const ascii =
    safe
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%]/g, "_") || FALLBACK;
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
