// GPS read only when the fiscal asks; the coordinates go into the place text itself, visible and
// editable (ADR 029).
type Fix = { latitude: number; longitude: number; accuracy: number };

const PLACE_MAX = 200;
const GPS_PART = /\s*—?\s*GPS -?\d+\.\d+, -?\d+\.\d+ \(±\d+ m\)\s*$/;

/** "GPS -19.943210, -44.001230 (±12 m)": dot decimals, as maps and GPS apps read them. */
export function formatFix(fix: Fix): string {
  return `GPS ${fix.latitude.toFixed(6)}, ${fix.longitude.toFixed(6)} (±${Math.max(1, Math.round(fix.accuracy))} m)`;
}

/** The place typed so far, with the (new) coordinates at its end; a second reading replaces the first. */
export function placeWithFix(place: string, fix: Fix): string {
  const gps = formatFix(fix);
  const typed = place.replace(GPS_PART, "").trim();
  if (!typed) return gps;
  const room = PLACE_MAX - gps.length - 3;
  return `${typed.slice(0, room).trim()} — ${gps}`;
}

export function geolocationError(code: number | undefined): string {
  if (code === 1) return "A localização não foi permitida. Permita nas configurações do navegador ou escreva o local.";
  if (code === 3) return "O GPS demorou demais para responder. Tente de novo em local aberto ou escreva o local.";
  return "Não foi possível obter a localização. Escreva o local.";
}
