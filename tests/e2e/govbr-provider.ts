// A local OpenID provider playing gov.br for the e2e tests (oidc-provider, dev dependency): its
// accounts' subject is a CPF and each has a reliability level the test can change, sent as gov.br
// sends it (the `reliability_info` claim of the govbr_confiabilidades scope). The sign-in form is
// oidc-provider's development interaction: any login (the CPF) is accepted.
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { GOVBR_E2E_CLIENT, GOVBR_E2E_ISSUER, GOVBR_E2E_PORT } from "./govbr-env";
import type { TrustLevel } from "../../app/domain/auth/trust-level";

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
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ["chave-dos-cookies-do-provedor-de-teste"] },
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
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(GOVBR_E2E_PORT, "127.0.0.1", resolve));
  return {
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
