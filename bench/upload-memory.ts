/**
 * Server memory while 20 clients upload 10 MB PDFs at once, for three ways of reading the body:
 *
 *   streaming         receiveUpload (busboy → spool file → pdf-lib check → local storage)
 *   form-data-parser  @remix-run/form-data-parser 0.17.4 with a handler that streams to disk
 *   buffered          await request.arrayBuffer(), then formData(), then write the file
 *   pipe              the floor: node:http's request piped to a file (no web Request, no parsing, no check)
 *
 *   npx tsx bench/upload-memory.ts [--clients 20] [--mb 10] [--modes streaming,form-data-parser,buffered]
 *
 * Each mode runs in its own child process (a bare node:http server turning the request into a
 * web Request, as the Remix adapter does); this process is the 20 clients and samples the
 * child's RSS from /proc every 10 ms (Linux only). Figures and how to read them: bench/README.md.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomFillSync } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { fileURLToPath } from "node:url";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const MB = 1_000_000;
const MiB = 1024 * 1024;

// ---------------------------------------------------------------- server (child process) ---

async function serve(mode: string, dir: string) {
  const { receiveUpload } = await import("../app/http/upload.server");
  const { createLocalStorage } = await import("../app/utils/storage/local.server");
  const { parseFormData } = await import("@remix-run/form-data-parser");
  const { createReadableStreamFromReadable } = await import("@remix-run/node");
  const storage = createLocalStorage(join(dir, "files"));
  let n = 0;

  const handlers: Record<string, (request: Request) => Promise<{ status: number; body: unknown }>> = {
    streaming: async (request) => {
      const result = await receiveUpload(request, {
        field: "arquivo",
        storage,
        spoolDir: join(dir, "spool"),
        remainingUserBytes: 10 * 1024 * MiB,
      });
      return result.ok ? { status: 200, body: result.file } : { status: result.status, body: result };
    },
    "form-data-parser": async (request) => {
      const form = await parseFormData(request, { maxFileSize: 10 * MiB }, async (file) => {
        const path = join(dir, `fdp-${n++}`);
        await pipeline(Readable.fromWeb(file.stream() as NodeWebReadableStream<Uint8Array>), createWriteStream(path));
        return path;
      });
      return { status: 200, body: { path: form.get("arquivo") } };
    },
    buffered: async (request) => {
      const bytes = await request.arrayBuffer();
      const form = await new Response(bytes, { headers: request.headers }).formData();
      const file = form.get("arquivo") as File;
      const path = join(dir, `buf-${n++}`);
      await pipeline(Readable.fromWeb(file.stream() as NodeWebReadableStream<Uint8Array>), createWriteStream(path));
      return { status: 200, body: { path, size: file.size } };
    },
  };
  const handle = handlers[mode];
  if (!handle && mode !== "pipe") throw new Error(`unknown mode ${mode}`);

  const server = createServer(async (req, res) => {
    if (req.url === "/gc") {
      (globalThis as { gc?: () => void }).gc?.();
      res.end("ok");
      return;
    }
    if (mode === "pipe") {
      // The floor: the body piped to a file by node:http, no web Request, no parsing, no check.
      await pipeline(req, createWriteStream(join(dir, `pipe-${n++}`)));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      return;
    }
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(req),
      signal: controller.signal,
      duplex: "half",
    } as RequestInit);
    try {
      const { status, body } = await handle!(request);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  server.listen(0, "127.0.0.1", () => console.log(`READY ${(server.address() as AddressInfo).port}`));
}

// --------------------------------------------------------------------- clients (parent) ---

/** A valid, uncompressed PDF of exactly `total` bytes: one page and a stream of random bytes. */
function pdfLayout(total: number) {
  const head = ["%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n"];
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << >> >>\nendobj\n",
  ];
  for (let padding = total - 400; ; padding--) {
    const streamHead = `4 0 obj\n<< /Length ${padding} >>\nstream\n`;
    const streamTail = "\nendstream\nendobj\n";
    const offsets: number[] = [];
    let offset = Buffer.byteLength(head[0], "latin1");
    for (const o of objects) {
      offsets.push(offset);
      offset += o.length;
    }
    offsets.push(offset);
    const xrefAt = offset + streamHead.length + padding + streamTail.length;
    const xref =
      `xref\n0 5\n0000000000 65535 f \n` +
      offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
      `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const before = Buffer.from(head[0] + objects.join("") + streamHead, "latin1");
    const after = Buffer.from(streamTail + xref, "latin1");
    if (before.length + padding + after.length === total) return { before, padding, after };
  }
}

function multipartFrame(boundary: string) {
  return {
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nbench\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="documento.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** The body, generated 64 KiB at a time as the socket takes it: the client holds no file. */
async function* uploadBody(frame: ReturnType<typeof multipartFrame>, layout: ReturnType<typeof pdfLayout>) {
  yield frame.head;
  yield layout.before;
  for (let left = layout.padding; left > 0;) {
    const chunk = randomFillSync(Buffer.alloc(Math.min(64 * 1024, left)));
    left -= chunk.length;
    yield chunk;
  }
  yield layout.after;
  yield frame.tail;
}

function upload(port: number, layout: ReturnType<typeof pdfLayout>): Promise<number> {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const frame = multipartFrame(boundary);
  // Content-Length, as a browser sends it.
  const length = frame.head.length + layout.before.length + layout.padding + layout.after.length + frame.tail.length;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/upload",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    pipeline(Readable.from(uploadBody(frame, layout)), req).catch(reject);
  });
}

async function rssOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

const get = (port: number, path: string) =>
  new Promise<void>((resolve, reject) =>
    httpRequest({ host: "127.0.0.1", port, path }, (res) => res.resume().on("end", resolve))
      .on("error", reject)
      .end(),
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(mode: string, clients: number, bytes: number) {
  const dir = await mkdtemp(join(tmpdir(), `bench-upload-${mode}-`));
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--expose-gc", fileURLToPath(import.meta.url), "--serve", mode, "--dir", dir],
    { env: { ...process.env, DATA_DIR: dir }, stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => {
        const m = /READY (\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });
    const pid = child.pid!;
    // Warm-up: load every module and JIT the path once, then settle.
    await upload(port, pdfLayout(200_000));
    await get(port, "/gc");
    await sleep(500);
    const before = (await rssOf(pid)).rss;

    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await rssOf(pid)).rss);
        await sleep(10);
      }
    })();
    const layout = pdfLayout(bytes);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: clients }, () => upload(port, layout)));
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    await sleep(1000);
    const afterNoGc = (await rssOf(pid)).rss;
    await get(port, "/gc");
    await sleep(300);
    const after = (await rssOf(pid)).rss;
    const ok = statuses.filter((s) => s === 200).length;
    return { mode, before, peak, afterNoGc, after, ok, seconds, statuses };
  } finally {
    child.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const clients = Number(arg("clients", "20"));
  const bytes = Number(arg("mb", "10")) * MB;
  const modes = arg("modes", "streaming,form-data-parser,buffered").split(",");
  const mb = (n: number) => (n / MiB).toFixed(0);
  console.log(
    `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; ${clients} clients × ${bytes / MB} MB PDF at once`,
  );
  console.log("| mode | RSS before | peak RSS | peak − before | after (no GC) | after GC | 200s | wall s |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const mode of modes) {
    const r = await measure(mode, clients, bytes);
    console.log(
      `| ${r.mode} | ${mb(r.before)} MiB | ${mb(r.peak)} MiB | +${mb(r.peak - r.before)} MiB | ${mb(r.afterNoGc)} MiB | ${mb(r.after)} MiB | ${r.ok}/${clients} | ${r.seconds.toFixed(1)} |`,
    );
    if (r.ok !== clients) console.log(`  statuses: ${r.statuses.join(" ")}`);
  }
}

if (process.argv.includes("--serve")) await serve(arg("serve", "streaming"), arg("dir", tmpdir()));
else await main();
