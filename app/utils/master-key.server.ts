// The master key encrypting the signing keys at rest: MASTER_KEY in production; in demo a generated
// file in the data folder, with a loud warning, since whoever reads it can sign credentials.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deriveSubKey, type KeyPurpose, parseMasterKey } from "~/credentials/keys";
import { env } from "./env.server";

let cached: Uint8Array | undefined;

export function masterKey(): Uint8Array {
  if (cached) return cached;
  const e = env();
  if (e.MASTER_KEY) return (cached = parseMasterKey(e.MASTER_KEY));
  if (e.NODE_ENV === "production" && !e.DEMO_MODE) throw new Error("MASTER_KEY não configurada");
  const file = path.resolve(e.DATA_DIR, "master.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  }
  console.warn(
    "\n⚠️  ATENÇÃO: chave-mestra de DEMONSTRAÇÃO em " +
      file +
      ".\n" +
      "   Quem ler este arquivo pode assinar credenciais. Em produção defina MASTER_KEY.\n",
  );
  return (cached = parseMasterKey(readFileSync(file, "utf8").trim()));
}

const subKeys = new Map<KeyPurpose, Uint8Array>();

/** The master key's sub-key for one purpose (HKDF): what every MAC and cipher uses instead of the master key. */
export function subKey(purpose: KeyPurpose): Uint8Array {
  let key = subKeys.get(purpose);
  if (!key) subKeys.set(purpose, (key = deriveSubKey(masterKey(), purpose)));
  return key;
}
