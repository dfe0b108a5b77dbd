// A local OpenID provider playing gov.br for the e2e tests (oidc-provider, dev dependency): its
// accounts' subject is a CPF and each has a reliability level the test can change, sent as gov.br
// sends it (the `reliability_info` claim of the govbr_confiabilidades scope). The sign-in form is
// oidc-provider's development interaction: any login (the CPF) is accepted.
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import type { TrustLevel } from "../../app/domain/auth/trust-level";
import { GOVBR_E2E_CLIENT, GOVBR_E2E_ISSUER, GOVBR_E2E_PORT } from "./govbr-env";

export type ProviderAccount = { name: string; email: string; level: TrustLevel };

const GOLD: Record<TrustLevel, string> = { bronze: "bronze", prata: "silver", ouro: "gold" };

export async function startGovbrProvider(portalPorts: number[]) {
  const accounts = new Map<string, ProviderAccount>();
  const provider = new Provider(GOVBR_E2E_ISSUER, {
    clients: [
      {
        client_id: GOVBR_E2E_CLIENT.id,
        client_secret: GOVBR_E2E_CLIENT.secret,
        redirect_uris: portalPorts.map((p) => `http://localhost:${p}/entrar/govbr/retorno`),
        post_logout_redirect_uris: portalPorts.map((p) => `http://localhost:${p}/`),
        // One back-channel address per client: the first server's (the spec's back-channel test runs there).
        backchannel_logout_uri: `http://localhost:${portalPorts[0]}/entrar/govbr/encerrar`,
        backchannel_logout_session_required: true,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    scopes: ["openid", "email", "profile", "govbr_confiabilidades"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
      govbr_confiabilidades: ["reliability_info"],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    cookies: { keys: ["chave-dos-cookies-do-provedor-de-teste"] },
    // Its calls to the portal (the back-channel logout): oidc-provider refuses loopback addresses
    // (its SSRF guard, the dispatcher) and gives up after 2.5 s; the portal under test is on this
    // machine, which may be loaded.
    fetch: (url, options) =>
      globalThis.fetch(url, { ...options, dispatcher: undefined, signal: AbortSignal.timeout(30_000) } as RequestInit),
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            name: account.name,
            email: account.email,
            email_verified: true,
            reliability_info: { level: GOLD[account.level] },
          };
        },
      };
    },
  });
  // What the portal answered to each back-channel logout: "ok", or the error.
  const backchannel: string[] = [];
  provider.on("backchannel.success", () => backchannel.push("ok"));
  provider.on("backchannel.error", (_ctx, error: Error) => backchannel.push(String(error.message)));
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(GOVBR_E2E_PORT, "127.0.0.1", resolve));
  return {
    accounts,
    backchannel,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
