import type { Server } from "node:http";

type Services = { beginShutdown?: () => void; stopServices?: () => Promise<void> };

/** SIGTERM/SIGINT (ADR 035): /readyz turns 503 and the socket closes, so the proxy sends new
 * connections elsewhere; in-flight requests finish (or are cut at `timeoutMs`), then the pools close. */
export function gracefulShutdown(server: Server, services: Services, timeoutMs: number) {
  let started = false;
  return async (signal: string) => {
    if (started) return;
    started = true;
    console.log(`${signal}: encerrando; esperando até ${timeoutMs} ms pelas requisições em andamento`);
    // Whatever still goes wrong, the process ends: a little after the drain's own limit.
    setTimeout(() => {
      console.error("Encerramento não terminou a tempo: saindo assim mesmo.");
      process.exit(1);
    }, timeoutMs + 5_000).unref();
    services.beginShutdown?.();
    // A response written from now on asks its client to close the connection.
    server.prependListener("request", (_req, res) => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    });
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs, "timeout").unref());
    if ((await Promise.race([closed, deadline])) === "timeout") {
      console.error("Prazo de encerramento esgotado: fechando as conexões restantes.");
      server.closeAllConnections();
    }
    try {
      await services.stopServices?.();
    } catch (e) {
      console.error("Erro ao fechar conexões:", e);
    }
    console.log("Encerrado.");
    process.exit(0);
  };
}
