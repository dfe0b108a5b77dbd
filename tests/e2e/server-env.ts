// The environment of an e2e server on a given port: the one playwright.config.ts's webServer
// starts for each worker, and the same for any other instance a spec starts on that worker's
// database (tests/e2e/second-server.ts). `databasePort` names whose database and files it uses.
import { e2eDatabaseUrl, e2eDataDir } from "./database-url";
import { govbrServerEnv } from "./govbr-env";

export function e2eServerEnv(port: number, databasePort = port): Record<string, string> {
  return {
    PORT: String(port),
    NODE_ENV: "production",
    DEMO_MODE: "1",
    DATABASE_URL: e2eDatabaseUrl(databasePort),
    DATA_DIR: e2eDataDir(databasePort),
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    LOGIN_MAX_ATTEMPTS_IP: "1000",
    // "Entrar com gov.br" against the local provider tests/e2e/govbr.spec.ts starts (ADR 038).
    ...govbrServerEnv(),
  };
}
