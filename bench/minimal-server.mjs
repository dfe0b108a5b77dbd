// The baseline of bench/verify.ts: the simplest server that could answer a verification, with
// NO portal code — node:http, jose's ES256 verify against keys read once at start, and one
// prepared statement (better-sqlite3) or one named prepared query (pg). Whatever the portal does
// beyond this (framework, rate limit, log, photo, HTML) shows as the ratio to this server.
//
//   node bench/minimal-server.mjs <port> <sqlite-file | postgresql://…>
import http from "node:http";
import { createRequire } from "node:module";
import { compactVerify, decodeProtectedHeader, importJWK } from "jose";

const require = createRequire(import.meta.url);
const [port, url] = process.argv.slice(2);
const isPg = /^postgres(ql)?:\/\//.test(url);

const SQL_KEYS = `SELECT "kid", "publicJwk" FROM "SigningKey"`;
const SQL_VERDICT = `SELECT c."serial", c."status", c."holderDisplayName", c."plate", c."validFrom", c."validUntil",
  m."ibgeCode", m."name", m."uf" FROM "Credential" c JOIN "Municipality" m ON m."id" = c."municipalityId"
  WHERE c."serial" = $1`;

let lookup;
let keyRows;
if (isPg) {
  const pg = require("pg");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  keyRows = (await pool.query(SQL_KEYS)).rows;
  lookup = async (serial) => (await pool.query({ name: "verdict", text: SQL_VERDICT, values: [serial] })).rows[0];
} else {
  const Database = require("better-sqlite3");
  const db = new Database(url, { readonly: true });
  keyRows = db.prepare(SQL_KEYS).all();
  const stmt = db.prepare(SQL_VERDICT.replace("$1", "?"));
  lookup = async (serial) => stmt.get(serial);
}
const keys = new Map();
for (const row of keyRows) keys.set(row.kid, await importJWK(JSON.parse(row.publicJwk), "ES256"));

async function verdict(token) {
  const key = keys.get(decodeProtectedHeader(token).kid);
  if (!key) return { verdict: "INVALID" };
  const claims = JSON.parse(new TextDecoder().decode((await compactVerify(token, key)).payload));
  const c = await lookup(claims.sn);
  if (!c || c.ibgeCode !== claims.iss) return { verdict: "INVALID" };
  return {
    verdict: c.status === "ACTIVE" ? "VALID" : c.status,
    checkedAt: new Date().toISOString(),
    credential: {
      serial: c.serial,
      municipality: { ibge: c.ibgeCode, name: c.name, uf: c.uf },
      holderName: c.holderDisplayName,
      plate: c.plate,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
    },
  };
}

http
  .createServer(async (req, res) => {
    let body;
    try {
      body = JSON.stringify(await verdict((req.url ?? "").slice("/verify/".length)));
    } catch {
      body = '{"verdict":"INVALID"}';
    }
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("minimal ready"));
