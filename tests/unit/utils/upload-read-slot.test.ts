// The PDF check reads each file into a buffer its heavy slot keeps and reuses (bounded memory
// under many uploads at once, bench/upload-memory.ts): what is stored must still be each file's
// own bytes, never the tail of a larger file read before it, nor a later file read over it.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiveUpload } from "~/http/upload.server";
import { heavy, HEAVY_CONCURRENCY, ReadSlot } from "~/utils/upload-check.server";
import { makePdf } from "../../fixtures/files/make";
import { tempStorage, uploadRequest } from "../../fixtures/files/requests";

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let env: Awaited<ReturnType<typeof tempStorage>>;
beforeEach(async () => {
  env = await tempStorage();
});
afterEach(() => env.cleanup());

const receive = (pdf: Uint8Array, name: string) =>
  receiveUpload(uploadRequest({ bytes: pdf, name, type: "application/pdf" }), {
    field: "arquivo",
    storage: env.storage,
    spoolDir: env.spoolDir,
    maxBytes: 10 * MiB,
    remainingUserBytes: 100 * MiB,
  });

describe("the heavy slot's read buffer", () => {
  it("is reused for a smaller file and replaced only for a larger one", () => {
    const slot = new ReadSlot();
    const first = slot.take(3 * MiB);
    expect(first.length).toBe(3 * MiB);
    const smaller = slot.take(1000);
    expect(smaller.length).toBe(1000);
    expect(smaller.buffer).toBe(first.buffer);
    const larger = slot.take(5 * MiB);
    expect(larger.length).toBe(5 * MiB);
    expect(larger.buffer).not.toBe(first.buffer);
  });

  it("is handed to one task at a time: tasks beyond HEAVY_CONCURRENCY wait for a free slot", async () => {
    let inside = 0;
    let most = 0;
    const used = new Set<ReadSlot>();
    await Promise.all(
      Array.from({ length: HEAVY_CONCURRENCY + 3 }, () =>
        heavy(async (slot) => {
          inside++;
          most = Math.max(most, inside);
          used.add(slot);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(HEAVY_CONCURRENCY);
    expect(used.size).toBe(HEAVY_CONCURRENCY);
  });

  it("stores each of many PDFs, large and small, received at once, byte for byte", async () => {
    const pdfs = await Promise.all([40, 1, 25, 2, 60, 3].map((pages) => makePdf({ pages, text: `${pages} páginas` })));
    expect(new Set(pdfs.map((pdf) => pdf.length)).size).toBe(pdfs.length);
    const results = await Promise.all(pdfs.map((pdf, i) => receive(pdf, `doc-${i}.pdf`)));
    for (const [i, result] of results.entries()) {
      if (!result.ok) throw new Error(`upload ${i} refused: ${result.code}`);
      expect(result.file).toMatchObject({ size: pdfs[i].length, sha256: sha256(pdfs[i]) });
      expect(sha256(await readFile(join(env.storage.root, result.file.key)))).toBe(sha256(pdfs[i]));
    }
  });

  it("refuses a broken PDF read after a larger valid one (no stale bytes make it whole)", async () => {
    const large = await makePdf({ pages: 30 });
    const ok = await receive(large, "grande.pdf");
    expect(ok.ok).toBe(true);
    // The first half of the same file: its %%EOF would be found in the slot's stale tail.
    const cut = await receive(large.subarray(0, Math.floor(large.length / 2)), "cortado.pdf");
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.code).toBe("invalid_pdf");
  });
});
