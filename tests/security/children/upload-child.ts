// Child process for crash-upload.test.ts: runs the one upload path (receiveUpload) with the local
// storage driver under `root`, and stops at `stage` — with the upload half-spooled, with the
// storage write half-done, or with the object stored and no row written yet — then says so on
// stdout ("at:<stage>") and waits to be killed (SIGKILL: no cleanup code runs).
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { receiveUpload } from "~/http/upload.server";
import { type Storage, toNodeReadable } from "~/utils/storage.server";
import { createLocalStorage } from "~/utils/storage/local.server";
import { makePdf } from "../../fixtures/files/make";
import { listFiles, UPLOAD_URL, uploadRequest } from "../../fixtures/files/requests";

const [root, stage] = process.argv.slice(2);
const spoolDir = join(root, "spool");
const local = createLocalStorage(join(root, "files"));
setInterval(() => undefined, 1 << 30); // stay alive until killed
const reached = () => process.stdout.write(`at:${stage}\n`);

/** Resolves once `found` holds for some file under `dir` (checked each turn of the event loop). */
async function until(dir: string, found: (path: string, size: number) => boolean) {
  for (;;) {
    for (const path of await listFiles(dir)) {
      const size = (await stat(join(dir, path)).catch(() => null))?.size ?? -1;
      if (found(path, size)) return;
    }
    await nextTurn();
  }
}

if (stage === "spool") {
  // A client that sent the form's head and 2 MiB of a PDF, then went silent.
  const boundary = "----queda";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="cnh.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      else if (sent <= 32) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      else return new Promise(() => undefined); // silence: the upload is mid-stream
      sent++;
    },
  });
  const request = new Request(UPLOAD_URL, {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  void receiveUpload(request, { field: "arquivo", storage: local, spoolDir, remainingUserBytes: 1 << 30 });
  await until(spoolDir, (path, size) => path.startsWith("upload-") && size >= 2 * 1024 * 1024);
  reached();
} else if (stage === "storage") {
  // The storage write gets every byte but never its end: it hangs before the rename.
  const storage: Storage = {
    ...local,
    put: (key, body, opts) => {
      const gate = new Transform({
        transform: (chunk, _encoding, done) => done(null, chunk),
        flush: () => undefined, // never calls back
      });
      return local.put(key, toNodeReadable(body).pipe(gate), opts);
    },
  };
  const pdf = await makePdf({ pages: 3 });
  void receiveUpload(uploadRequest({ bytes: pdf, name: "cnh.pdf" }), {
    field: "arquivo",
    storage,
    spoolDir,
    remainingUserBytes: 1 << 30,
  });
  await until(local.root, (path, size) => path.endsWith(".tmp") && size > 0);
  reached();
} else if (stage === "row") {
  // Stored: the next step (the Document row) never happens.
  const result = await receiveUpload(uploadRequest({ bytes: await makePdf(), name: "cnh.pdf" }), {
    field: "arquivo",
    storage: local,
    spoolDir,
    remainingUserBytes: 1 << 30,
  });
  if (!result.ok) throw new Error(result.code);
  reached();
} else {
  throw new Error(`unknown stage ${stage}`);
}
