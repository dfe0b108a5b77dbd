// Configuration, validated once at boot (a bad variable stops the server, named); defaults run the demo.
import { isIP } from "node:net";
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

// Express's "trust proxy": a hop count, true/false, or the proxies' addresses. The string "1"
// handed to Express as is would be read as the address 0.0.0.1 and trust nothing.
type TrustProxy = boolean | number | string[];
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address, prefix, extra] = item.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value) <= 32 ? Number(value) : null;
  const items = value.split(",").map((i) => i.trim());
  return items.every(isAddressOrRange) ? items : null;
}

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const parsed = parseTrustProxy(raw);
  if (parsed === null) {
    ctx.addIssue({
      code: "custom",
      message:
        "use o número de proxies (ex.: 1), true/false, ou endereços/faixas separados por vírgula (ex.: loopback, 10.0.0.0/8)",
    });
    return false;
  }
  return parsed;
});

/** Hosts a demo may be published on without DEMO_ALLOW_PUBLIC: this machine only. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    (isIP(host) === 4 && host.startsWith("127."))
  );
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "deve começar com file: (SQLite) ou postgresql://")
    .default("file:./data/portal.db"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_BASE_URL: z.string().url().optional(),
  DEMO_MODE: bool.default(false),
  DEMO_ALLOW_PUBLIC: bool.default(false),
  TRUST_PROXY: trustProxy.default(false),
  MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43}=?$/, "deve ter 32 bytes em base64")
    .optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Portal de Credenciamento <nao-responda@credencia.local>"),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_MAX_FILE_MB: z.coerce.number().positive().default(10),
  UPLOAD_MAX_USER_MB: z.coerce.number().positive().default(100),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  LOGIN_MAX_ATTEMPTS_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_ATTEMPTS_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  JOBS_DISABLED: bool.default(false),
  // "Entrar com gov.br" (ADR 038): off while GOVBR_ISSUER is unset.
  GOVBR_ISSUER: z.string().url().optional(),
  GOVBR_CLIENT_ID: z.string().min(1).optional(),
  GOVBR_CLIENT_SECRET: z.string().min(1).optional(),
  GOVBR_PRIVATE_KEY: z.string().includes("PRIVATE KEY", { message: "deve ser uma chave PKCS#8 em PEM" }).optional(),
  GOVBR_SCOPES: z.string().min(6).default("openid email profile govbr_confiabilidades"),
  GOVBR_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  // Optional: shared public rate limits and cross-server cache invalidation (ADR 035).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "deve começar com redis:// ou rediss://")
    .optional(),
  // SIGTERM: how long in-flight requests may take to finish before the process exits anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // Jobs (ADR 037): how long a worker holds a mail or job before another server may take it over.
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
});

export type Env = z.infer<typeof schema> & { PUBLIC_BASE_URL: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida; corrija as variáveis de ambiente:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && !env.DEMO_MODE && !env.MASTER_KEY) {
    throw new Error("Configuração inválida:\n  - MASTER_KEY: obrigatória em produção (32 bytes em base64)");
  }
  if (env.STORAGE_DRIVER === "s3" && (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Configuração inválida:\n  - S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: obrigatórias com STORAGE_DRIVER=s3",
    );
  }
  if (env.GOVBR_ISSUER && (!env.GOVBR_CLIENT_ID || !(env.GOVBR_CLIENT_SECRET || env.GOVBR_PRIVATE_KEY))) {
    throw new Error(
      "Configuração inválida:\n  - GOVBR_CLIENT_ID e GOVBR_CLIENT_SECRET (ou GOVBR_PRIVATE_KEY): obrigatórias com GOVBR_ISSUER",
    );
  }
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  // The portal prints this address on every crachá ("Verifique em …") and in every QR: in
  // production it must be the address passengers can reach. Only a demo runs on this machine.
  if (env.NODE_ENV === "production" && !env.DEMO_MODE && isLocalUrl(publicBaseUrl)) {
    throw new Error(
      "Configuração inválida:\n  - PUBLIC_BASE_URL: obrigatória em produção, com o endereço público do portal " +
        `(ex.: https://credencia.municipio.mg.gov.br); é ${publicBaseUrl}, que só existe nesta máquina e sairia impresso nos crachás.`,
    );
  }
  // Demo mode accepts the published demo passwords and shows the outbox with reset links:
  // on a public address that hands every account to anyone, so it must be asked for twice.
  if (env.DEMO_MODE && !env.DEMO_ALLOW_PUBLIC && !isLocalUrl(publicBaseUrl)) {
    throw new Error(
      "Configuração inválida:\n  - DEMO_MODE: o modo de demonstração só roda num endereço local (localhost); " +
        `PUBLIC_BASE_URL é ${publicBaseUrl}. Para publicar uma demonstração mesmo assim, defina DEMO_ALLOW_PUBLIC=1.`,
    );
  }
  return { ...env, PUBLIC_BASE_URL: publicBaseUrl };
}

/** What server.js needs to set up Express (it reads no environment variable itself). */
export type HttpSettings = {
  trustProxy: TrustProxy;
  https: boolean;
  mode: Env["NODE_ENV"];
  /** SIGTERM: how long server.js waits for in-flight requests. */
  shutdownTimeoutMs?: number;
};
export function httpSettings(e: Env = env()): HttpSettings {
  return {
    trustProxy: e.TRUST_PROXY,
    https: e.PUBLIC_BASE_URL.startsWith("https:"),
    mode: e.NODE_ENV,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export const isPostgres = () => /^postgres(ql)?:\/\//.test(env().DATABASE_URL);
/** A `contains` that ignores case: PostgreSQL's ILIKE; SQLite's LIKE already ignores ASCII case. */
export const insensitive = () => (isPostgres() ? { mode: "insensitive" as const } : {});
