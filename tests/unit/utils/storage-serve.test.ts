import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileResponse } from "~/http/answers.server";
import { createLocalStorage, type LocalStorage } from "~/utils/storage/local.server";
import { makePdf } from "../../fixtures/files/make";

let dir: string;
let storage: LocalStorage;
let pdf: Uint8Array;
const key = "2025/03/0123456789abcdef0123456789abcdef";

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "credencia-serve-"));
  storage = createLocalStorage(join(dir, "files"));
  pdf = await makePdf();
  await storage.put(key, Readable.from([pdf]));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const doc = (over: Partial<{ mime: string; originalName: string }> = {}) => ({
  storageKey: key,
  mime: "application/pdf",
  originalName: "Habilitação (CNH).pdf",
  sizeBytes: pdf.length,
  ...over,
});

describe("fileResponse", () => {
  it("streams the stored bytes with the stored type and every protective header", async () => {
    const response = await fileResponse(storage, doc(), { inline: true });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "content-disposition": `inline; filename="Habilitacao (CNH).pdf"; filename*=UTF-8''Habilita%C3%A7%C3%A3o%20%28CNH%29.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
  });

  it("offers a download with attachment, and the real type's extension", async () => {
    const response = await fileResponse(storage, doc({ mime: "image/jpeg", originalName: "cnh.pdf" }), {
      inline: false,
    });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="cnh.pdf.jpg"; filename*=UTF-8''cnh.pdf.jpg`,
    );
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    await response.body?.cancel();
  });

  it("never serves an unexpected type as itself: text/html becomes an octet-stream download", async () => {
    const response = await fileResponse(storage, doc({ mime: "text/html", originalName: "x.html" }), { inline: true });
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; /);
    await response.body?.cancel();
  });

  it("answers 404 for a missing object, with the same protective headers", async () => {
    const response = await fileResponse(
      storage,
      { ...doc(), storageKey: "2025/03/ffffffffffffffffffffffffffffffff" },
      { inline: true },
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });
});
