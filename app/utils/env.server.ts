// Configuration, validated once at boot: a missing or malformed variable stops the server
// with a message naming it. Everything has a default that makes the demo work unconfigured.
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

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
    throw new Error("Configuração inválida:\n  - S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: obrigatórias com STORAGE_DRIVER=s3");
  }
  return { ...env, PUBLIC_BASE_URL: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export const isPostgres = () => /^postgres(ql)?:\/\//.test(env().DATABASE_URL);
