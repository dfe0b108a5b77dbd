// Issue #35 finding 3, request bodies read whole into memory: `POST /cadastro` with a 200 MB form
// took the server from 685 MB to 2.7 GB before its 400; /entrar, /api/v1/eligibility and a chunked
// /v/relato did the same. Every body but an upload's now has a limit enforced while it is read
// (ADR 050, app/http/body-limit.server.ts), on server.js's real server with the Remix adapter's own
// request conversion behind it (as tests/security/uploads.test.ts does), RSS measured the same way.
// And a refused value is never echoed whole: a 5 MB name came back as a 10 MB page.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
// The adapter's own conversion functions (not re-exported by its index): exactly what server.js runs.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zSignUp } from "~/forms/account";
import { apiJson } from "~/http/api.server";
import {
  API_BODY_BYTES,
  bodyKind,
  FORM_BODY_BYTES,
  LAW_TEXT_BODY_BYTES,
  UPLOAD_ROUTES,
} from "~/http/body-limit.server";
import { closeWhenBodyUnread } from "~/http/unread-body.server";
import { action as signUpAction } from "~/routes/cadastro/route";
import { ECHO_MAX_CHARS, formValues, parseForm } from "~/utils/forms";
import { routeIds, routeText } from "../support/route-modules";
import { httpOnly, startApp } from "./http-app";

const MiB = 1024 * 1024;
let app: Awaited<ReturnType<typeof startApp>>;
let port: number;
/** What "Remix" got: the path and the bytes of the body it read. */
let reached: Array<{ path: string; bytes: number; sha256: string; fields: string[] }> = [];

beforeAll(async () => {
  // "Remix": the adapter's request, its body read as Remix reads a form or a JSON call (whole).
  app = await startApp(
    httpOnly,
    (_context, req, res) => {
      void (async () => {
        const request = createRemixRequest(req, res);
        const bytes = Buffer.from(await request.clone().arrayBuffer());
        const type = request.headers.get("content-type") ?? "";
        const fields = type.startsWith("application/x-www-form-urlencoded")
          ? [...(await request.formData()).keys()]
          : [];
        reached.push({
          path: new URL(request.url).pathname,
          bytes: bytes.length,
          sha256: createHash("sha256").update(bytes).digest("hex"),
          fields,
        });
        await sendRemixResponse(res, apiJson({ ok: true }));
      })().catch((error) => res.status(500).end(String(error)));
    },
    { closeWhenBodyUnread },
  );
  port = Number(new URL(app.base).port);
});
afterAll(() => app.close());
beforeEach(() => {
  reached = [];
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * POSTs `total` bytes of `fill` (written from one 64 KiB block over and over: the client never
 * holds the body), declared or chunked; resolves with the answer as soon as it arrives.
 */
function post(
  path: string,
  total: number,
  { type = "application/x-www-form-urlencoded", declare = true, head = "nome=", accept = "" } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "Content-Type": type };
  if (accept) headers.Accept = accept;
  if (declare) headers["Content-Length"] = String(total);
  else headers["Transfer-Encoding"] = "chunked";
  const block = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    // Writing may fail once the server has answered and closed: the answer is what counts.
    req.on("error", (error) => setTimeout(() => reject(error), 200));
    void (async () => {
      const first = Buffer.from(head);
      req.write(first);
      for (let sent = first.length; sent < total && !req.destroyed; sent += block.length) {
        if (!req.write(block.subarray(0, Math.min(block.length, total - sent))))
          await new Promise((r) => req.once("drain", r));
      }
      if (!req.destroyed) req.end();
    })().catch(() => undefined);
  });
}

const FORM_REFUSAL = /^Envio grande demais: o portal aceita até 64 KB por formulário/;

describe("finding 3: every body but an upload's is limited while it is read", () => {
  it("a 64 MB form to /cadastro gets 413 in Portuguese with Connection: close; Remix never reads it and RSS stays flat", async () => {
    await post("/cadastro", 2 * MiB); // warm the path
    const before = process.memoryUsage().rss;
    const answer = await post("/cadastro", 64 * MiB);
    const grown = process.memoryUsage().rss - before;
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(FORM_REFUSAL);
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(answer.headers.connection).toBe("close");
    expect(reached).toEqual([]);
    // Read whole (as Remix's formData() did), the body alone is 64 MB; the issue saw +2 GB for 200 MB.
    expect(grown).toBeLessThan(24 * MiB);
  });

  it("a chunked body with no Content-Length (/v/relato) is cut at the limit, not read to its end", async () => {
    const before = process.memoryUsage().rss;
    const answer = await post("/v/relato", 64 * MiB, { declare: false });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(FORM_REFUSAL);
    expect(answer.headers.connection).toBe("close");
    expect(reached).toEqual([]);
    expect(process.memoryUsage().rss - before).toBeLessThan(24 * MiB);
  });

  it("the JSON API's limit is 16 KB, refused in the API's error shape, declared or chunked", async () => {
    for (const declare of [true, false]) {
      const answer = await post("/api/v1/eligibility", 8 * MiB, { type: "application/json", head: "{", declare });
      expect(answer.status).toBe(413);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: "body_too_large", message: "Corpo da requisição grande demais (máximo 16 KB)." },
      });
    }
    // A form-page client that asks for JSON (the fiscal's offline queue) gets the same shape.
    const queued = await post("/fiscal/autos/novo", 1 * MiB, { accept: "application/json" });
    expect(JSON.parse(queued.body).error.code).toBe("body_too_large");
    expect(reached).toEqual([]);
  });

  it("four concurrent 64 MB bodies (inside nginx's old 64 MB) are each refused while RSS stays flat", async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const answers = await Promise.all([
      post("/cadastro", 64 * MiB),
      post("/entrar", 64 * MiB, { declare: false }),
      post("/api/v1/eligibility", 64 * MiB, { type: "application/json" }),
      post("/v/relato", 64 * MiB, { declare: false }),
    ]).finally(() => clearInterval(sampler));
    expect(answers.map((a) => a.status)).toEqual([413, 413, 413, 413]);
    expect(reached).toEqual([]);
    expect(peak - before).toBeLessThan(32 * MiB);
  });

  it("a body within its limit reaches Remix byte for byte: forms, single-fetch .data, JSON, an empty POST", async () => {
    const form = new URLSearchParams({ nome: "Zé da Silva", mensagem: "ç".repeat(8_000) }).toString();
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    for (const [path, body, type] of [
      ["/v/relato", form, "application/x-www-form-urlencoded"],
      ["/cadastro.data", form, "application/x-www-form-urlencoded"],
      ["/api/v1/eligibility", JSON.stringify({ municipality: "3133808", x: "y".repeat(15_000) }), "application/json"],
      ["/sair", "", "application/x-www-form-urlencoded"],
    ]) {
      const res = await app.fetch(path, { method: "POST", headers: { "Content-Type": type }, body });
      expect(res.status, path).toBe(200);
      expect(reached.at(-1), path).toMatchObject({ path, bytes: Buffer.byteLength(body), sha256: sha(body) });
    }
    expect(reached[0].fields).toEqual(["nome", "mensagem"]);
    // Just under and just over the limit, as bytes arrive.
    expect((await post("/cadastro", FORM_BODY_BYTES)).status).toBe(200);
    expect((await post("/cadastro", FORM_BODY_BYTES + 1, { declare: false })).status).toBe(413);
    expect((await post("/api/v1/eligibility", API_BODY_BYTES, { type: "application/json" })).status).toBe(200);
    // A pasted law and a pack's document in the editor have their own, larger limit; no other form.
    for (const path of ["/admin/municipios/lavras/lei", "/m/lavras/regras/rascunho"])
      expect(
        [await post(path, LAW_TEXT_BODY_BYTES), await post(path, LAW_TEXT_BODY_BYTES + 1, { declare: false })].map(
          (r) => r.status,
        ),
        path,
      ).toEqual([200, 413]);
    expect((await post("/m/lavras/regras", FORM_BODY_BYTES + 1, { declare: false })).status).toBe(413);
  });

  it("uploads stream under their own limits; a multipart body anywhere else, or a form to an upload route, has the form's", async () => {
    const multipart = "multipart/form-data; boundary=----x";
    for (const path of [
      "/requerimentos/abc/documentos/enviar",
      "/operadora/o1/documentos/enviar",
      "/operadora/o1/condutores/l1/enviar",
      "/fiscal/autos/A-1/fotos",
      "/m/3133808/identidade.data",
    ]) {
      expect((await post(path, 3 * MiB, { type: multipart, head: "------x\r\n" })).status, path).toBe(200);
      expect(reached.at(-1)).toMatchObject({ path, bytes: 3 * MiB });
    }
    reached = [];
    expect((await post("/cadastro", 3 * MiB, { type: multipart })).status).toBe(413);
    expect((await post("/m/3133808/identidade", 3 * MiB)).status).toBe(413); // its urlencoded forms
    expect(reached).toEqual([]);
  });
});

/** The path a flat route file answers (Remix's conventions), with `x` for each parameter. */
function pathOfRouteFile(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .replace(/\[\.\]/g, "~")
    .split(".")
    .map((s) => s.replaceAll("~", "."))
    .filter((s) => s !== "_index" && !(s.startsWith("_") && s.length > 1))
    .map((s) => (s.startsWith("$") ? "x" : s.replace(/_$/, "")));
  return "/" + segments.join("/");
}

describe("finding 3: the upload routes are the routes that take a file", () => {
  const UPLOAD_PATH = /\b(receiveUpload|receiveDocument|receiveInfractionPhoto)\(/;

  it("only the upload path's wrappers call receiveUpload, so a route calling one of them is an upload route", () => {
    const callers = ["app/http", "app/models", "app/utils"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f) && /\breceiveUpload\(/.test(readFileSync(`${dir}/${f}`, "utf8")))
        .map((f) => `${dir}/${f}`),
    );
    expect(callers.sort()).toEqual([
      "app/http/document-upload.server.ts",
      "app/http/infraction-photo.server.ts",
      "app/http/upload.server.ts",
    ]);
  });

  it("every route file that receives a file is in UPLOAD_ROUTES, and no other route is", () => {
    // The pack editor posts a whole document, with no file: the large-text limit, not an upload's.
    const LARGE_TEXT_PAGES = ["/m/x/regras/rascunho"];
    const files = routeIds();
    const uploads = files.filter((id) => UPLOAD_PATH.test(routeText(id)));
    expect(uploads.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const path = pathOfRouteFile(file);
      const kind = bodyKind(path, "multipart/form-data; boundary=x");
      expect(kind, `${file} (${path})`).toBe(
        uploads.includes(file)
          ? "upload"
          : path.startsWith("/api/")
            ? "api"
            : LARGE_TEXT_PAGES.includes(path)
              ? "law"
              : "form",
      );
      if (uploads.includes(file)) expect(bodyKind(`${path}.data`, "multipart/form-data; boundary=x")).toBe("upload");
    }
  });

  it("the reference nginx refuses what the portal refuses: 64k, /api/ 16k, the same upload routes at 12m", () => {
    const conf = readFileSync("deploy/nginx.conf.template", "utf8");
    const server = conf.slice(conf.indexOf("http {"), conf.indexOf("server {"));
    expect(server).toMatch(/^\s*client_max_body_size 64k;/m);
    expect(FORM_BODY_BYTES).toBe(64 * 1024);
    const api = /location \/api\/ \{([^}]*)\}/.exec(conf)?.[1] ?? "";
    expect(api).toContain("client_max_body_size 16k;");
    expect(API_BODY_BYTES).toBe(16 * 1024);
    const [, regex, body] = /location ~\* (\S+) \{([^}]*)\}/.exec(conf) ?? [];
    expect(body).toContain("client_max_body_size 12m;");
    const nginxUpload = new RegExp(regex, "i");
    const samples = routeIds()
      .map(pathOfRouteFile)
      .flatMap((p) => [p, `${p}.data`, p.toUpperCase()]);
    for (const path of samples)
      expect(nginxUpload.test(path), path).toBe(UPLOAD_ROUTES.some((route) => route.test(path)));
  });
});

describe("finding 3: a refused value is never echoed in full", () => {
  it("parseForm gives back each value cut to its field's maximum; formValues to ECHO_MAX_CHARS", () => {
    const form = new FormData();
    form.set("name", "N".repeat(5 * MiB));
    form.set("email", "e".repeat(300_000));
    form.set("cpf", "1".repeat(50_000));
    const parsed = parseForm(zSignUp, form);
    expect(parsed.ok).toBe(false);
    expect(parsed.values.name).toBe("N".repeat(120));
    expect(parsed.values.email.length).toBeLessThanOrEqual(ECHO_MAX_CHARS);
    expect(parsed.values.cpf.length).toBeLessThanOrEqual(ECHO_MAX_CHARS);
    expect(Object.values(formValues(form)).every((v) => v.length <= ECHO_MAX_CHARS)).toBe(true);
    // A value cut in the middle of an emoji does not end in half of it.
    const emoji = new FormData();
    emoji.set("name", "a" + "😀".repeat(100));
    expect(parseForm(zSignUp, emoji).values.name).toBe("a" + "😀".repeat(59));
  });

  it("/cadastro refuses a 1 MB name and answers with at most 120 characters of it", async () => {
    const token = "t".repeat(32);
    const body = new URLSearchParams({ csrf: token, name: "N".repeat(MiB), email: "a@b.c", cpf: "123" });
    const request = new Request("http://localhost:3000/cadastro", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `csrf=${token}` },
      body,
    });
    const result = (await signUpAction({
      request,
      context: { clientIp: "203.0.113.35", requestId: "r" },
      params: {},
    })) as {
      data: { values: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.values.name).toBe("N".repeat(120));
    expect(JSON.stringify(result.data).length).toBeLessThan(4_000);
  });
});
