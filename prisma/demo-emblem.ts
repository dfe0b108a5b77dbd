// A plainly fake coat of arms for the demo municipalities: a shield with the municipality's
// initials and the word "MODELO". No real coat of arms ships with the portal; the gestor uploads
// the municipality's own on /m/<municipio>/identidade.
import sharp from "sharp";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 240 × 280 PNG placeholder emblem (shield, initials, "MODELO"). */
export async function placeholderEmblemPng(name: string): Promise<Uint8Array> {
  const initials = escapeXml(
    name
      .split(/\s+/)
      .map((w) => w[0] ?? "")
      .join("")
      .slice(0, 2)
      .toUpperCase(),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="280" viewBox="0 0 240 280">
  <path d="M20 20 H220 V150 C220 215 170 250 120 270 C70 250 20 215 20 150 Z" fill="#1351B4" stroke="#C8A415" stroke-width="10"/>
  <path d="M45 45 H195 V148 C195 196 160 222 120 238 C80 222 45 196 45 148 Z" fill="none" stroke="#FFFFFF" stroke-width="4"/>
  <text x="120" y="150" font-family="DejaVu Sans, sans-serif" font-size="86" font-weight="bold" fill="#FFFFFF" text-anchor="middle">${initials}</text>
  <rect x="48" y="170" width="144" height="30" fill="#C8A415"/>
  <text x="120" y="193" font-family="DejaVu Sans, sans-serif" font-size="24" font-weight="bold" fill="#071D41" text-anchor="middle">MODELO</text>
</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer());
}
