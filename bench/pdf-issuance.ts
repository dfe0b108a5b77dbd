/**
 * Crachá issuance throughput on one core: sign + QR + two-page PDF with a ~30 KB
 * JPEG photo, against a bare pdf-lib baseline (one ID-1 page, the same photo,
 * one line of Helvetica) measured in the same run.
 *
 *   npx tsx bench/pdf-issuance.ts [--rounds 7] [--n 150]
 *
 * Prints medians over the rounds (each round renders n documents per case).
 * Figures and how to read them: bench/README.md.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { CredentialClaims } from "../app/credentials/claims";
import { generateIssuerKey } from "../app/credentials/keys";
import { renderBadge } from "../app/credentials/pdf/badge";
import { QR_ERROR_CORRECTION, qrMatrix, qrRects, verificationUrl } from "../app/credentials/qr";
import { createSigner } from "../app/credentials/signer.server";
import { signCredential } from "../app/credentials/token";
import { badgeClaims, BASE_URL, jardimBadge } from "../tests/fixtures/credentials/demo";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg("rounds", 7);
const N = arg("n", 150);

const photo = new Uint8Array(readFileSync(new URL("../tests/fixtures/credentials/photo.jpg", import.meta.url)));
const masterKey = new Uint8Array(randomBytes(32));
const key = await generateIssuerKey(masterKey);
const signer = await createSigner({ kid: key.kid, encryptedPrivateKey: key.encryptedPrivateKey }, masterKey);

const claimsFor = (i: number, holderName = badgeClaims.holderName): CredentialClaims => ({
  ...badgeClaims,
  serial: `JAR-2025-${String(i).padStart(6, "0")}`,
  holderName,
});

const sampleUrl = verificationUrl(BASE_URL, await signCredential(claimsFor(1), signer));
const mm = (v: number) => (v * 72) / 25.4;

async function bareBaseline(i: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([mm(85.6), mm(54)]);
  const image = await doc.embedJpg(photo);
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  page.drawImage(image, { x: mm(3.5), y: mm(10), width: mm(19.5), height: mm(26) });
  page.drawText(`Maria Aparecida dos Santos Oliveira ${i}`, { x: mm(26), y: mm(40), size: 7, font });
  return doc.save();
}

async function fullBadge(i: number, holderName?: string): Promise<Uint8Array> {
  const claims = claimsFor(i, holderName);
  const token = await signCredential(claims, signer);
  return renderBadge(jardimBadge(claims, token, photo));
}

const cases: Array<{ name: string; run: (i: number) => Promise<unknown> }> = [
  { name: "baseline: bare pdf-lib card (photo + 1 line)", run: bareBaseline },
  { name: "crachá: sign + QR + 2-page PDF (Helvetica)", run: (i) => fullBadge(i) },
  { name: "crachá, name outside WinAnsi (DejaVu subset)", run: (i) => fullBadge(i, "Łukasz Nguyễn Thị Minh Khai") },
  { name: "  part: ES256 sign only", run: (i) => signCredential(claimsFor(i), signer) },
  {
    name: "  part: QR matrix + merged rects only",
    run: async () => qrRects(qrMatrix(sampleUrl, QR_ERROR_CORRECTION.badge)),
  },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Warm-up (JIT, font metrics, fontkit) outside the measured rounds.
for (const c of cases) for (let i = 0; i < 20; i++) await c.run(i);

const perRound = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let r = 0; r < ROUNDS; r++) {
  // Cases interleave within a round so drift (thermal, GC) hits them alike.
  for (const c of cases) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await c.run(r * N + i);
    perRound.get(c.name)!.push((performance.now() - t0) / N);
  }
}

const sizes = {
  baseline: (await bareBaseline(1)).length,
  badge: (await fullBadge(1)).length,
  unicode: (await fullBadge(1, "Łukasz Nguyễn Thị Minh Khai")).length,
};

console.log(
  `node ${process.version}, ${cpus()[0]?.model ?? "cpu"}, ${ROUNDS} rounds × ${N}, photo ${photo.length} bytes, one core`,
);
console.log("| case | median ms/doc | docs/s | min–max ms over rounds |");
console.log("| --- | ---: | ---: | --- |");
for (const c of cases) {
  const xs = perRound.get(c.name)!;
  const m = median(xs);
  console.log(
    `| ${c.name} | ${m.toFixed(2)} | ${Math.round(1000 / m)} | ${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} |`,
  );
}
const base = median(perRound.get(cases[0].name)!);
const full = median(perRound.get(cases[1].name)!);
console.log(
  `\ncrachá / baseline time ratio: ${(full / base).toFixed(2)}×; PDF sizes: baseline ${sizes.baseline} B, crachá ${sizes.badge} B, crachá with subset font ${sizes.unicode} B`,
);
console.log(`target ≥ 50 crachás/s per core: ${1000 / full >= 50 ? "met" : "NOT met"} (${Math.round(1000 / full)}/s)`);
