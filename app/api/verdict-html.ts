// VerdictView's markup for /v/<token> as a string template, without React: on the hottest page,
// React's renderer cost more than the verdict (ADR 034). tests/unit/api/verdict-html.test.ts
// keeps the two equal for every verdict kind.
import { verdictFacts } from "~/domain/credentials/facts";
import { verdictLabel } from "~/domain/credentials/labels";
import { formatInstant } from "~/domain/format";
import { DEFAULT_TIME_ZONE, timeZoneForUf } from "~/domain/time";
import type { VerdictBody } from "~/models/verification.server";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text and attribute values escaped exactly as React's server renderer escapes them. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

export type VerdictHtmlProps = {
  body: VerdictBody;
  serialForReport: string | null;
  scanned: boolean;
  code?: string | null;
};

/** What VerdictView renders, as a string (same props, same markup). */
export function verdictHtml({ body, serialForReport, scanned, code }: VerdictHtmlProps): string {
  const e = escapeHtml;
  const v = verdictLabel(body.verdict, body.reason);
  const c = body.credential;
  let html =
    `<section class="veredito ${e(body.verdict)}" role="status" aria-live="polite" tabindex="-1" autofocus="">` +
    `<span class="icone" aria-hidden="true">${e(v.icon)}</span><div><strong>${e(v.label)}</strong><span>${e(v.explanation)}</span></div></section>`;
  if (c) {
    html += `<section class="cartao" aria-label="Dados da credencial">`;
    if (c.photoUrl)
      html += `<img class="foto" src="${e(c.photoUrl)}" alt="Foto de ${e(c.holderName)}" width="150" height="200"/>`;
    html += `<dl>${verdictFacts(c, code)
      .map((f) => `<dt>${e(f.term)}</dt><dd>${e(f.detail)}</dd>`)
      .join("")}</dl>`;
    html += c.photoUrl
      ? `<p class="aviso">Compare o rosto, o nome e a placa com o condutor e a moto à sua frente.</p>`
      : scanned
        ? `<p class="aviso">Este documento não tem foto. Compare o nome e a placa com o condutor e o veículo à sua frente.</p>`
        : `<p class="aviso">Consulta pelo código digitado: a foto só aparece lendo o QR code do crachá.</p>`;
    html += `</section>`;
  }
  const zone = (c && timeZoneForUf(c.municipality.uf)) || DEFAULT_TIME_ZONE;
  html += `<p>Verificado em ${e(formatInstant(body.checkedAt, zone))}.</p>`;
  if (serialForReport)
    html += `<p><a href="${e(`/v/relato?codigo=${encodeURIComponent(serialForReport)}`)}">Relatar um problema com este condutor</a></p>`;
  return html + `<p><a href="/verificar">Verificar outro código</a></p>`;
}
