// Only this portal's verification links lead anywhere from a passenger's scan: a QR stuck over the
// real one must not take the passenger to a look-alike page.
const TOKEN = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{0,200}$/;

export function portalVerdictPath(text: string, origins: readonly string[]): string | null {
  const trimmed = text.trim();
  if (trimmed.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!origins.includes(url.origin) || url.username || url.password) return null;
  const m = /^\/v\/([^/]+)$/.exec(url.pathname);
  return m && TOKEN.test(m[1]) && !url.search && !url.hash ? `/v/${m[1]}` : null;
}
