// How long each credential lasts, read from the laws in ../shared/laws — written here by hand and
// never derived from the rule packs, so a pack that gets a period wrong fails the conformance
// matrix instead of agreeing with itself. Where the law sets no period, the credential lasts the
// documented default of ADR 013, decision 8 (the parameter `validadeCredencialSemPrazoLegal`,
// default 12 months, "definido pela prefeitura") — named as such, never as law.
//
// Terms of months and years end "no dia de igual número do de início, ou no imediato, se faltar
// exata correspondência" (Código Civil, art. 132, § 3º); the day is the last valid one, inclusive.
import { describe, expect, test } from "vitest";
import { perFile } from "../../support/per-file";

export type LawPeriod =
  { kind: "LAW"; months: number; citation: string; text: string } | { kind: "SILENT"; citation: string; text: string };

/** The default where the law is silent: ADR 013, decision 8 (12 months, a municipal parameter). */
export const SILENT_DEFAULT = { months: 12, source: "ADR 013, decisão 8 (validadeCredencialSemPrazoLegal)" };

const law = (months: number, citation: string, text: string): LawPeriod => ({ kind: "LAW", months, citation, text });
const silent = (citation: string, text: string): LawPeriod => ({ kind: "SILENT", citation, text });

/** pack id → credential type → the period the law sets (or its silence). */
export const LAW_VALIDITY: Record<string, Record<string, LawPeriod>> = {
  "itauna-mg": {
    CERTIFICADO: silent(
      "Lei 4.785/2013, art. 3º, V, e art. 19, III",
      "o credenciamento é 'documento expedido' e o condutor porta o Certificado de Credenciamento; nenhum prazo",
    ),
    SELO_VISTORIA: law(
      6,
      "Lei 4.785/2013, art. 8º, IX e § 2º",
      "'inspeção semestral para verificação dos equipamentos obrigatórios'; o selo é liberado com a vistoria",
    ),
    AUTORIZACAO_TRANSITO: silent(
      "Lei 4.785/2013, art. 8º, § 2º",
      "'será liberado o selo de vistoria e autorização de circulação do veículo'; nenhum prazo",
    ),
    CERTIFICADO_OPERADOR: silent(
      "Lei 4.785/2013, art. 6º e art. 10, parágrafo único",
      "'a autorização será concedida em nome da pessoa jurídica credenciada'; nenhum prazo",
    ),
  },
  "patrocinio-mg": {
    CERTIFICADO: law(
      12,
      "Lei 4.883/2017, art. 4º, § 1º",
      "'certificado de registro cadastral com validade de 01 (um) ano, facultada a renovação por igual período'",
    ),
    CRACHA: law(
      12,
      "Lei 4.883/2017, art. 5º, § 4º, e art. 30, Grupo 1, II",
      "'o registro será emitido sob a forma de crachá'; é infração 'deixar o condutor de renovar seu registro anualmente'",
    ),
    AUTORIZACAO_TRANSITO: silent(
      "Lei 4.883/2017, art. 5º, § 3º",
      "'será emitido ... a autorização de trânsito'; nenhum prazo (o art. 6º limita a 5 anos a delegação, não o documento)",
    ),
  },
  "lavras-mg": {
    SELO_VISTORIA: law(
      12,
      "Lei 4.544/2019, art. 10, §§ 2º e 3º",
      "o selo 'conterá o código de inscrição e a data de validade da vistoria'; 'a vistoria ... será realizada de forma anual'",
    ),
    CERTIFICADO_OPERADOR: silent(
      "Lei 4.544/2019, art. 3º, §§ 1º e 2º",
      "a operadora 'deverá promover seu credenciamento'; nenhum prazo",
    ),
  },
  "jardim-ms": {
    CERTIFICADO_OPERADOR: law(
      12,
      "Lei 904/1997, art. 8º",
      "empresas registradas 'com o cumprimento da atualização anual do cadastro'",
    ),
    CRACHA: silent(
      "Lei 904/1997, art. 18, com redação dada pela Lei 951/1999",
      "o cartão de identificação e o que nele consta; nenhum prazo",
    ),
  },
};

/** The day `months` months after `iso`: the same day number, or the next day where the month has none. */
export function monthsAfter(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  // CC art. 132, § 3º: "ou no imediato, se faltar exata correspondência".
  if (d > last) return `${pad(month === 12 ? year + 1 : year, 4)}-${pad(month === 12 ? 1 : month + 1)}-01`;
  return `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
}

/** The law's period for a credential type of a pack; throws when nobody read the law for it yet. */
export function lawPeriod(packId: string, type: string): LawPeriod {
  const p = LAW_VALIDITY[packId]?.[type];
  if (!p)
    throw new Error(
      `${packId} ${type}: nenhum prazo lido da lei em tests/unit/conformance/law-validity.ts — leia a lei e acrescente-o.`,
    );
  return p;
}

/** How a period is named in the test output: the law's article, or the documented default. */
export function describePeriod(p: LawPeriod): string {
  return p.kind === "LAW"
    ? `${p.months} meses — ${p.citation}`
    : `lei silente (${p.citation}): padrão de ${SILENT_DEFAULT.months} meses — ${SILENT_DEFAULT.source}`;
}

/** The issued validFrom/validUntil against the law: from the issuance day, the law's period (or the default). */
export function expectLawfulValidity(
  packId: string,
  c: { type: string; serial: string; validFrom: string; validUntil: string },
  issuedOn: string,
) {
  const p = lawPeriod(packId, c.type);
  const months = p.kind === "LAW" ? p.months : SILENT_DEFAULT.months;
  const what = `${packId} ${c.type} ${c.serial} (${describePeriod(p)})`;
  expect(c.validFrom, `${what}: início da validade no dia da emissão`).toBe(issuedOn);
  expect(c.validUntil, `${what}: último dia de validade`).toBe(monthsAfter(issuedOn, months));
}

// ---- one summary test per pack × credential type, named by its period ---------------------------

type Seen = { serial: string; validFrom: string; validUntil: string; issuedOn: string };
const seen = perFile(() => new Map<string, Seen[]>());

/** Checks each issued credential against the law (failing the combination) and keeps it for the summary. */
export async function checkValidity(
  packId: string,
  credentials: { id: string; type: string; serial: string; validFrom: string; validUntil: string }[],
  issuedOn: (id: string) => Promise<string>,
) {
  for (const c of credentials) {
    const day = await issuedOn(c.id);
    const k = `${packId}:${c.type}`;
    seen().set(k, [...(seen().get(k) ?? []), { ...c, issuedOn: day }]);
    expectLawfulValidity(packId, c, day);
  }
}

/**
 * One test per pack × credential type the matrix must have issued, named by the law's period or
 * the documented default: it fails when the matrix issued none of that type, or any off the law.
 */
export function validitySummary(title: string, rows: { packId: string; type: string }[]) {
  const named = rows.map((r) => ({ ...r, period: describePeriod(lawPeriod(r.packId, r.type)) }));
  describe(title, () => {
    for (const { packId, type, period } of named) {
      test(`${packId} ${type}: ${period}`, () => {
        const issued = seen().get(`${packId}:${type}`) ?? [];
        expect(issued.length, `${packId} ${type}: nenhuma credencial emitida pela matriz`).toBeGreaterThan(0);
        for (const c of issued) expectLawfulValidity(packId, { type, ...c }, c.issuedOn);
      });
    }
  });
}
