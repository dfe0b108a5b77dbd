// The local OpenID provider the e2e servers are configured with (ADR 038): it runs only while
// tests/e2e/govbr.spec.ts runs (tests/e2e/govbr-provider.ts), on loopback. Other specs see the
// "Entrar com gov.br" button on the sign-in page and never press it.
export const GOVBR_E2E_PORT = Number(process.env.E2E_GOVBR_PORT ?? 3760);
export const GOVBR_E2E_ISSUER = `http://127.0.0.1:${GOVBR_E2E_PORT}`;
export const GOVBR_E2E_CLIENT = { id: "portal-e2e", secret: "segredo-do-portal-nos-testes-e2e" };

/** The environment an e2e server gets for gov.br. */
export const govbrServerEnv = () => ({
  GOVBR_ISSUER: GOVBR_E2E_ISSUER,
  GOVBR_CLIENT_ID: GOVBR_E2E_CLIENT.id,
  GOVBR_CLIENT_SECRET: GOVBR_E2E_CLIENT.secret,
  GOVBR_TIMEOUT_MS: "3000",
});
