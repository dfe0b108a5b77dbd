// Child process for uploads-corpus.test.ts: runs one file through receiveUpload and prints, as
// JSON, the result and how far the resident memory peaked above what it was just before. A
// fresh process, so the kernel's peak (maxRSS) belongs to this upload and nothing else.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { receiveUpload } from "~/http/upload.server";
import { createLocalStorage } from "~/utils/storage/local.server";
import { makePdf, makePng } from "../../fixtures/files/make";
import { uploadRequest } from "../../fixtures/files/requests";

const dir = await mkdtemp(join(tmpdir(), "measure-upload-"));
const storage = createLocalStorage(join(dir, "files"));
const receive = (bytes: Uint8Array, name: string) =>
  receiveUpload(uploadRequest({ bytes, name }), {
    field: "arquivo",
    storage,
    spoolDir: join(dir, "spool"),
    maxBytes: 10 * 1024 * 1024,
    remainingUserBytes: 1024 * 1024 * 1024,
  });

// Warm up: sharp, libvips and pdf-lib loaded and their pools started before measuring.
await receive(await makePng(), "aquecimento.png");
await receive(await makePdf(), "aquecimento.pdf");

const bytes = new Uint8Array(await readFile(process.argv[2]));
const rssBefore = process.memoryUsage().rss;
const result = await receive(bytes, "bomba");
const peak = process.resourceUsage().maxRSS * 1024; // KiB on Linux
await rm(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({ ok: result.ok, code: result.ok ? undefined : result.code, peakGrowthBytes: peak - rssBefore }),
);
