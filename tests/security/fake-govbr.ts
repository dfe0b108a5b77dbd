// A stand-in for the gov.br client (app/utils/oidc.server.ts) for the security tests of what a
// verified identity does to the accounts (cpf-squatting.test.ts, govbr-identity.test.ts): the
// sign-in starts as the real one does (an attempt row, the `govbr` cookie) and the callback's
// "verified" claims are the test's. Token verification itself is tests/unit/utils/oidc.test.ts's.
// Used as `vi.mock("~/utils/oidc.server", async (real) => (await import("./fake-govbr")).fakeOidc(await real()))`.
export const fakeProvider: { claims: Record<string, unknown> } = { claims: {} };

/** What a verified ID token of gov.br says: the CPF as subject, name, e-mail and level. */
export const govbrClaims = (cpf: string, over: Record<string, unknown> = {}) => ({
  sub: cpf,
  name: "Titular Verdadeira da Silva",
  email: `titular.${cpf}@exemplo.com.br`,
  email_verified: true,
  reliability_info: { level: "silver" },
  ...over,
});

export function fakeOidc<T extends object>(real: T) {
  return {
    ...real,
    govbrEnabled: () => true,
    authorizationRequest: async () => ({
      url: "https://sso.acesso.gov.br.invalid/authorize?client_id=portal",
      state: "estado",
      nonce: "nonce",
      codeVerifier: "verificador",
    }),
    exchangeCode: async () => ({ claims: { ...fakeProvider.claims }, idToken: "cabecalho.conteudo.assinatura" }),
  };
}
