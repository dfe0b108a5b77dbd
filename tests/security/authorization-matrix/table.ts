// The authorization matrix: every route module of app/routes, one line each, saying who may call
// its loader and who may call its action. Everyone not listed must be refused — anonymous with a
// 401 or a redirect to /entrar, a signed-in user with a 403 or a 404 — and a refused action must
// change nothing. tests/security/authorization-matrix.test.ts reads app/routes and fails on a route
// without its line here; it and ./*.test.ts call every cell. The records in question are driver
// A's, company X's and town T's (see MATRIX_ROLES in ../access-world.ts for who is who).
import { newClientRef } from "~/components/fiscal/infraction-input";
import { civilDay } from "../../support/dates";
import type { MatrixRole, MatrixWorld } from "../access-world";

type Params = Record<string, string>;
type Fields = Record<string, string>;

/** Who may call one side (loader or action) of a route. */
export type Side =
  /** Only these roles get past authorization; every other one is refused. */
  | readonly MatrixRole[]
  /** Public by design: nobody is asked to sign in or refused with 403 (the reason says why). */
  | { public: string }
  /** Answers every caller with the same redirect, reading nothing (the reason says where). */
  | { redirects: string }
  /** Refused to every role, each the same way (the reason says how it is reached instead). */
  | { nobody: string };

/** An action called with one form: who gets past authorization with it. */
export type ActionCase = { form: (w: MatrixWorld) => Fields; allow: Side; why?: string };

export type Row = {
  params?: (w: MatrixWorld) => Params;
  loader?: Side;
  action?: Side | ActionCase[];
  /** The form every role posts to the action (a harmless one: a refusal can only be authorization's). */
  form?: (w: MatrixWorld) => Fields;
  /** What the line means when it is not plain: why an allowed caller's answer is a refusal past authorization, say. */
  note?: string;
};

// Roles, in groups.
const SIGNED_IN = [
  "driverA",
  "driverB",
  "ownerX",
  "ownerY",
  "analystT",
  "gestorT",
  "fiscalT",
  "analystU",
  "gestorU",
  "fiscalU",
  "admin",
] as const satisfies readonly MatrixRole[];
const A = ["driverA"] as const satisfies readonly MatrixRole[];
const X = ["ownerX"] as const satisfies readonly MatrixRole[];
const ADMIN = ["admin"] as const satisfies readonly MatrixRole[];
// Town T's staff by permission (app/domain/auth/permissions.ts); "admin" where it holds an `any`.
const ANALYST = ["analystT"] as const satisfies readonly MatrixRole[];
const GESTOR = ["gestorT"] as const satisfies readonly MatrixRole[];
const FISCAL = ["fiscalT"] as const satisfies readonly MatrixRole[];
const ANALYST_GESTOR = ["analystT", "gestorT"] as const satisfies readonly MatrixRole[];
const WHOLE_STAFF = ["analystT", "gestorT", "fiscalT"] as const satisfies readonly MatrixRole[];

// Params naming driver A's, company X's and town T's records.
const town = (w: MatrixWorld) => ({ municipio: w.mB.slug });
const companyX = (w: MatrixWorld) => ({ id: w.Y.operator.id });
const applicationA = (w: MatrixWorld) => ({ id: w.application.id });
const credentialA = (w: MatrixWorld) => ({ id: w.credential.id });
const inTown = (rest: (w: MatrixWorld) => Params) => (w: MatrixWorld) => ({ municipio: w.mB.slug, ...rest(w) });
const ofX = (rest: (w: MatrixWorld) => Params) => (w: MatrixWorld) => ({ id: w.Y.operator.id, ...rest(w) });

/** A form the action cannot act on (an intent it does not know, or missing fields): 400/409 past authorization. */
const harmless = () => ({ intent: "matriz-de-autorizacao" });

export const ROUTES: Record<string, Row> = {
  // Public: the passenger's and the fiscal's verification, the published keys, sign-in and sign-up.
  "[.]well-known.jwks[.]json": { loader: { public: "the municipalities' public keys, published for verifiers" } },
  _index: { loader: { public: "the home page; a signed-in visitor goes to /painel" } },
  "api.v1.credentials.$serial.status": {
    params: (w) => ({ serial: w.credential.serial }),
    loader: { public: "a credential's live status, no holder data (serials.test.ts)" },
  },
  "api.v1.eligibility": {
    loader: { public: "the eligibility API's description; answers the same to all" },
    action: { public: "anonymous JSON API that computes eligibility and stores nothing" },
    form: () => ({}),
  },
  "api.v1.operators.me.drivers.$cpf.status": {
    params: (w) => ({ cpf: w.victim.user.cpf }),
    loader: {
      nobody: "operator API: an API key in Authorization, never a cookie (tests/unit/routes/operator-api.test.ts)",
    },
    action: { public: "answers 405 to every method but GET, to everyone" },
  },
  "api.v1.status-list.$municipality": {
    params: (w) => ({ municipality: w.mB.ibgeCode }),
    loader: { public: "the published revocation status list (api.md)" },
  },
  "api.v1.verify.$token": {
    params: () => ({ token: "token-invalido" }),
    loader: { public: "public verification JSON: the signed token is the capability (forged-tokens.test.ts)" },
  },
  "brasao.$municipio": {
    params: town,
    loader: SIGNED_IN,
    note: "the coat of arms printed on every crachá: any signed-in user may see it",
  },
  cadastro: { loader: { public: "sign-up" }, action: { public: "sign-up (an empty form: 400)" }, form: () => ({}) },
  conta: { loader: SIGNED_IN },
  "credenciais.$id.carteira.foto": { params: credentialA, loader: A },
  "credenciais.$id.carteira.manifest[.]webmanifest": {
    params: credentialA,
    loader: { public: "the wallet's web manifest (fetched without cookies): names no one, looks nothing up" },
  },
  "credenciais.$id.carteira": { params: credentialA, loader: A },
  "credenciais.$id.pdf": { params: credentialA, loader: [...A, ...WHOLE_STAFF] },
  "credenciais.$id.renovar": {
    params: credentialA,
    loader: { redirects: "any GET goes to /credenciais; only the action acts" },
    action: A,
    note: "driver A's renewal: refused with 409 outside its window, past authorization (a new application inside it)",
  },
  "credenciais._index": { loader: SIGNED_IN },
  "credenciais.carteira-sw[.]js": { loader: { public: "the wallet's service worker script" } },
  "painel-sw[.]js": { loader: { public: "the offline home's service worker script" } },
  "dev.caixa-de-saida": { loader: { nobody: "the demo's outbox: 404 unless DEMO_MODE (demo-mode.test.ts)" } },
  "documentos.$id": { params: (w) => ({ id: w.document.id }), loader: [...A, ...ANALYST_GESTOR] },
  "email.confirmar.$token": {
    params: () => ({ token: "token-invalido" }),
    loader: { public: "the e-mailed one-time token is the capability; it confirms, shows nothing" },
  },
  "equipe.convite.$token": {
    params: () => ({ token: "token-invalido" }),
    loader: SIGNED_IN,
    action: {
      nobody:
        "a company's team invitation: the e-mailed token, answered only by the signed-in account with the invited CPF and e-mail (team-consent.test.ts); an unknown token is 404 to all",
    },
    form: () => ({ intent: "aceitar" }),
    note: "the loader answers any signed-in account whether the link is for it, naming the company only to the invited account",
  },
  entrar: { loader: { public: "sign-in" }, action: { public: "sign-in (an empty form: 400)" }, form: () => ({}) },
  "entrar_.govbr._index": {
    loader: { public: "starts the gov.br sign-in (not configured in tests: back to /entrar for everyone)" },
  },
  "entrar_.govbr.encerrar": {
    action: { public: "gov.br's back-channel logout, server to server: the logout token's signature (ADR 044)" },
    form: () => ({ logout_token: "invalido" }),
  },
  "entrar_.govbr.nivel": { loader: SIGNED_IN },
  "entrar_.govbr.retorno": { loader: { public: "gov.br's return: the state cookie and the provider's code" } },
  "entrar_.govbr.vincular": {
    loader: { public: "the held gov.br link (its cookie is the capability); without one: 400 to all" },
    action: { public: "links gov.br to an account by its password; without the held link: 400 to all" },
    form: () => ({ password: "senha-errada-qualquer" }),
  },
  "fiscal-sw[.]js": { loader: { public: "the fiscal's service worker script" } },
  fiscal: { loader: ["fiscalT", "fiscalU"], note: "the fiscal pages' layout: fiscais only" },
  "fiscal._index": { loader: ["fiscalT", "fiscalU"], note: "the scanner of each fiscal's own town" },
  "fiscal.autos.$numero.fotos": {
    params: (w) => ({ numero: w.fiscalTAuto.number }),
    loader: { redirects: "any GET goes to /fiscal/autos; only the upload acts" },
    action: FISCAL,
    note: "an auto town T's fiscal wrote (only its author adds photos); a multipart upload without a file: 400 past authorization",
  },
  "fiscal.autos._index": { loader: ["fiscalT", "fiscalU"], note: "each fiscal's own queue of autos" },
  "fiscal.autos.novo": {
    loader: { redirects: "any GET goes to /fiscal/autos; only the action acts" },
    action: FISCAL,
    form: (w) => ({
      clientRef: newClientRef(),
      serial: w.credential.serial,
      code: "DECORO",
      place: "Praça da Matriz",
      occurredAt: `${civilDay()}T08:00`,
    }),
    note: "an auto on driver A's credential; town U's fiscal must not learn it exists (404 as for an unknown serial)",
  },
  "fiscal.credencial.$serial": { params: (w) => ({ serial: w.credential.serial }), loader: FISCAL },
  "fiscal.manifest[.]webmanifest": { loader: { public: "the fiscal app's web manifest" } },
  healthz: { loader: { public: "liveness probe: answers 'ok', reads nothing" } },

  // Town T's back office.
  "m.$municipio": {
    params: town,
    loader: [...WHOLE_STAFF, ...ADMIN],
    note: "the back office's layout: any staff role of the town",
  },
  "m.$municipio._index": { params: town, loader: [...WHOLE_STAFF, ...ADMIN] },
  "m.$municipio.auditoria": { params: town, loader: [...ANALYST_GESTOR, ...ADMIN] },
  "m.$municipio.autos.$id.fotos.$fotoId": {
    params: inTown((w) => ({ id: w.infraction.id, fotoId: w.photo.id })),
    loader: WHOLE_STAFF,
  },
  "m.$municipio.autos.$id": {
    params: inTown((w) => ({ id: w.infraction.id })),
    loader: WHOLE_STAFF,
    action: ANALYST_GESTOR,
    form: harmless,
  },
  "m.$municipio.autos._index": { params: town, loader: WHOLE_STAFF },
  "m.$municipio.chaves": { params: town, loader: GESTOR, action: GESTOR, form: harmless },
  "m.$municipio.cotas": { params: town, loader: GESTOR, action: GESTOR, form: harmless },
  "m.$municipio.credenciais.$id.pdf": { params: inTown(credentialA), loader: WHOLE_STAFF },
  "m.$municipio.credenciais.$id": {
    params: inTown(credentialA),
    loader: WHOLE_STAFF,
    action: ANALYST_GESTOR,
    form: () => ({ intent: "reinstate", reason: "Reativação pedida pela matriz de autorização." }),
    note: "reinstating an active credential is refused with 409, past authorization",
  },
  "m.$municipio.credenciais._index": { params: town, loader: WHOLE_STAFF },
  "m.$municipio.documentos.$id": { params: inTown((w) => ({ id: w.document.id })), loader: ANALYST_GESTOR },
  "m.$municipio.equipe": { params: town, loader: [...GESTOR, ...ADMIN], action: [...GESTOR, ...ADMIN], form: harmless },
  "m.$municipio.fila": {
    params: town,
    loader: ANALYST,
    action: ANALYST,
    form: (w) => ({ intent: "release", applicationId: w.application.id }),
  },
  "m.$municipio.govbr": { params: town, loader: [...GESTOR, ...ADMIN], action: [...GESTOR, ...ADMIN], form: harmless },
  "m.$municipio.identidade.brasao": { params: town, loader: GESTOR },
  "m.$municipio.identidade": { params: town, loader: GESTOR, action: GESTOR, form: harmless },
  "m.$municipio.operadoras.$id._index": {
    params: inTown(companyX),
    loader: ANALYST_GESTOR,
    action: ANALYST_GESTOR,
    form: harmless,
  },
  "m.$municipio.operadoras.$id.relatorios.$reportId.csv": {
    params: inTown((w) => ({ id: w.Y.operator.id, reportId: w.report.id })),
    loader: ANALYST_GESTOR,
  },
  "m.$municipio.operadoras.$id.relatorios.$reportId.pdf": {
    params: inTown((w) => ({ id: w.Y.operator.id, reportId: w.report.id })),
    loader: ANALYST_GESTOR,
  },
  "m.$municipio.operadoras._index": { params: town, loader: ANALYST_GESTOR },
  "m.$municipio.regras": { params: town, loader: GESTOR, action: GESTOR, form: harmless },
  "m.$municipio.regras_.rascunho": { params: town, loader: GESTOR, action: GESTOR, form: harmless },
  "m.$municipio.relatorios.$relatorio[.]csv": {
    params: inTown(() => ({ relatorio: "credenciais" })),
    loader: GESTOR,
  },
  "m.$municipio.relatorios._index": { params: town, loader: GESTOR },
  "m.$municipio.relatos": { params: town, loader: WHOLE_STAFF },
  "m.$municipio.requerimentos.$id._index": {
    params: inTown(applicationA),
    loader: ANALYST_GESTOR,
    action: [
      { form: harmless, allow: ANALYST_GESTOR, why: "an intent it does not know: 400 to whoever may read it" },
      ...["assign", "release", "start_review", "request_changes", "reject"].map((intent) => ({
        form: () => ({ intent }),
        allow: ANALYST,
        why: `${intent}: reviewing is the analyst's alone`,
      })),
      { form: () => ({ intent: "decide_document" }), allow: ANALYST, why: "decide_document: the analyst's alone" },
      ...["schedule_vistoria", "record_vistoria"].map((intent) => ({
        form: () => ({ intent }),
        allow: ANALYST,
        why: `${intent}: the vistoria is the analyst's alone`,
      })),
    ],
  },
  "m.$municipio.requerimentos.$id.aprovar": {
    params: inTown(applicationA),
    loader: ANALYST,
    action: ANALYST,
    note: "driver A's application is not ready to approve: the analyst's approval is refused, past authorization",
  },
  "m.$municipio.requerimentos.visor.$arquivo": {
    params: inTown(() => ({ arquivo: "pdf.mjs" })),
    loader: ANALYST_GESTOR,
  },

  // Company X's pages.
  "operadora.$id": { params: companyX, loader: X, note: "the company pages' layout: its members only" },
  "operadora.$id._index": {
    params: companyX,
    loader: X,
    action: X,
    note: "company X is not in its renewal window: the renewal is refused with 409, past authorization",
  },
  "operadora.$id.api": { params: companyX, loader: X, action: X, form: harmless },
  "operadora.$id.certificado": { params: companyX, loader: X },
  "operadora.$id.comunicacoes": { params: companyX, loader: X, action: X, form: harmless },
  "operadora.$id.condutores.$linkId._index": {
    params: ofX((w) => ({ linkId: w.victim.link.id })),
    loader: X,
    action: X,
    form: harmless,
  },
  "operadora.$id.condutores.$linkId.documentos.$docId": {
    params: ofX((w) => ({ linkId: w.victim.link.id, docId: w.linkedDocument.id })),
    loader: X,
  },
  "operadora.$id.condutores.$linkId.enviar": {
    params: ofX((w) => ({ linkId: w.victim.link.id })),
    loader: { redirects: "any GET goes back to the driver's page; only the upload acts" },
    action: X,
    note: "a multipart upload: the form carries no file, so company X gets a 400/409 past authorization",
  },
  "operadora.$id.condutores._index": { params: companyX, loader: X, action: X, form: harmless },
  "operadora.$id.dados": { params: companyX, loader: X, action: X, form: harmless },
  "operadora.$id.documentos.$docId": { params: ofX((w) => ({ docId: w.operatorDocument.id })), loader: X },
  "operadora.$id.documentos._index": {
    params: companyX,
    loader: X,
    action: X,
    note: "company X's application was approved: sending it again is refused, past authorization",
  },
  "operadora.$id.documentos.enviar": {
    params: companyX,
    loader: { redirects: "any GET goes back to the documents page; only the upload acts" },
    action: X,
    note: "a multipart upload: the form carries no file, so company X gets a 400/409 past authorization",
  },
  "operadora.$id.equipe": { params: companyX, loader: X, action: X, form: harmless },
  "operadora.$id.frota": { params: companyX, loader: X, action: X, form: harmless },
  "operadora.$id.relatorios.$reportId.csv": { params: ofX((w) => ({ reportId: w.report.id })), loader: X },
  "operadora.$id.relatorios.$reportId.pdf": { params: ofX((w) => ({ reportId: w.report.id })), loader: X },
  "operadora.$id.relatorios._index": { params: companyX, loader: X, action: X, form: harmless },
  "operadora._index": { loader: SIGNED_IN, note: "each user's own companies" },
  "operadora.nova": { loader: SIGNED_IN, action: SIGNED_IN, form: harmless, note: "anyone may register a company" },

  // Every signed-in user's own pages.
  painel: { loader: SIGNED_IN },
  "prepostos.$id.enviar": {
    params: applicationA,
    loader: { redirects: "any GET goes to /prepostos; only the upload acts" },
    action: {
      nobody:
        "driver A's application names no titular: 404 to all; the titular's upload and the 403 (audited) to anyone else: tests/unit/models/preposto.test.ts, tests/e2e/preposto.spec.ts",
    },
  },
  "prepostos._index": {
    loader: SIGNED_IN,
    note: "each titular's own: the preposto applications naming the caller's CPF",
  },
  readyz: { loader: { public: "readiness probe: ok or not, no detail" } },
  "requerimentos.$id": { params: applicationA, loader: A, note: "the application's layout: its owner only" },
  "requerimentos.$id._index": { params: applicationA, loader: A, action: A, form: harmless },
  "requerimentos.$id.dados": { params: applicationA, loader: A, action: A, form: harmless },
  "requerimentos.$id.documentos.enviar": {
    params: applicationA,
    loader: { redirects: "any GET goes back to the documents page; only the upload acts" },
    action: A,
    note: "driver A's application is under review: the upload is refused with 409, past authorization",
  },
  "requerimentos.$id.documentos": { params: applicationA, loader: A },
  "requerimentos.$id.revisao": { params: applicationA, loader: A, action: A, form: harmless },
  "requerimentos.$id.veiculo": { params: applicationA, loader: A, action: A, form: harmless },
  "requerimentos._index": { loader: SIGNED_IN, note: "each user's own applications" },
  "requerimentos.novo": { loader: SIGNED_IN, action: SIGNED_IN, form: harmless, note: "anyone may apply" },
  sair: {
    loader: { redirects: "any GET goes home; only the POST signs out" },
    action: { public: "signing out: ends the caller's own session, if any" },
  },
  "leis.$municipio": {
    params: town,
    loader: { public: "a municipality's law, as published: the law is public" },
  },
  "regras.$municipio": {
    params: town,
    loader: { public: "the rules a municipality applies, as published: the law's reading, no record of a person" },
  },
  "schemas.rule-pack[.]json": { loader: { public: "the rule-pack format as a JSON Schema: a format, no data" } },
  "senha.esqueci": { action: { public: "password reset request (an empty form: 400)" }, form: () => ({}) },
  "senha.redefinir.$token": {
    params: () => ({ token: "token-invalido" }),
    loader: { public: "the e-mailed one-time token is the capability (reset-tokens.test.ts)" },
    action: { public: "the e-mailed one-time token is the capability" },
    form: () => ({}),
  },
  "v.$token": {
    params: () => ({ token: "token-invalido" }),
    loader: { public: "the passenger's verification page: the signed token is the capability" },
  },
  "v._index": { loader: { public: "verification by typed code (no code: redirect to /verificar)" } },
  "v.foto.$id": {
    params: credentialA,
    loader: { public: "the holder's photo through a signed, short-lived link only; without one: 404 to all" },
  },
  "v.relato": {
    loader: { public: "the passenger's report form" },
    action: { public: "the anonymous passenger report (an empty form: 400)" },
    form: () => ({}),
  },
  verificar: { loader: { public: "the verification page" } },
  "verificar_.jsqr[.]js": { loader: { public: "the QR reader script" } },
  "vinculos._index": {
    loader: SIGNED_IN,
    action: [
      {
        form: (w) => ({ intent: "recusar", linkId: w.victim.link.id }),
        allow: A,
        why: "each answers only their own invitation: driver A's bond (already accepted: 409 to her), 404 to anyone else",
      },
    ],
  },
  "vinculos.comunicacoes": { loader: SIGNED_IN, action: SIGNED_IN, form: harmless },

  // The platform.
  "admin.municipios": { loader: ADMIN, action: ADMIN, form: harmless },
  "admin.municipios_.$municipio.lei": {
    params: town,
    loader: ADMIN,
    action: ADMIN,
    form: harmless,
    note: "attaching a municipality's law is the platform admin's; a refused action saves no text",
  },
  "admin.tarefas": { loader: ADMIN, action: ADMIN, form: harmless },
};
