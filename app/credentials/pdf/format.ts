/** How dates, plates and CNPJs are printed on the credentials. */
import { civilDate } from "../../domain/time";

/** "2025-03-01" → "01/03/2025"; anything else is printed as given. */
export function dateBR(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** The issue date as printed (civil date where the municipality is). */
export function issueDateBR(issuedAt: Date, timeZone: string): string {
  return dateBR(civilDate(issuedAt, timeZone));
}

/** "QAB1C23" stays (Mercosul); old-format "HQW4821" prints as "HQW-4821". */
export function plateBR(plate: string): string {
  const p = plate.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return /^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

/** "12345678000195" → "12.345.678/0001-95". */
export function cnpjBR(cnpj: string): string {
  const d = cnpj.replace(/\D/g, "");
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : cnpj;
}
