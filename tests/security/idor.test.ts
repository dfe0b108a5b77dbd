// IDOR over loaders, data requests and resource routes (issue #13's suite). Every route file
// with a `$param` is enumerated from app/routes: it must be described below (who may see the
// object, which params point at another's object) or listed as public with its reason, so a new
// route without a case fails here. Each loader and action is called as Remix calls it for a data
// request (single fetch: `<path>.data?_routes=<id>`, where only that route's loader runs, with no
// parent layout to guard it), with a real session cookie and a valid CSRF token — so a refusal can
// only come from the authorization check, never from a missing token.
import { beforeAll, describe, expect, it } from "vitest";
import { civilDay } from "../support/dates";
import { loadRoute, routeIds } from "../support/route-modules";
import {
  type Answer,
  answerOf,
  buildWorld,
  cookieOf,
  ORIGIN,
  postTo,
  type RouteModule,
  SECRET_NAME,
  type World,
} from "./access-world";

const paramRoutes = routeIds().filter((id) => id.includes("$"));

type Params = Record<string, string>;
type User = { id: string };
type Case = {
  /** Who may see the object; the first is the positive control (its loader answers 200). */
  allowed: (w: World) => User[];
  /** Params naming the object of municipality B / company Y / the victim. */
  params: (w: World) => Params;
  /** The intruder's own municipality or company in the URL, the victim's object in the rest. */
  mixed?: (w: World) => { intruder: (w: World) => User; params: Params };
  /** Why the loader is only a redirect that reveals nothing (checked to be one). */
  loaderOnlyRedirects?: string;
  /** A valid form for the action, so a refusal cannot come from validation before the lookup. */
  form?: (w: World) => Params;
  /** Why the positive control cannot run. */
  noPositiveControl?: string;
};

// Routes that are public by design or authenticated otherwise, each with its reason.
const PUBLIC: Record<string, string> = {
  "v.$token": "the passenger's verification page: the signed token is the capability (forged-tokens.test.ts)",
  "api.v1.verify.$token": "public verification JSON (api.md): the signed token is the capability",
  "api.v1.credentials.$serial.status": "public live status only, no holder data (serials.test.ts)",
  "api.v1.status-list.$municipality": "the published revocation status list, public by design (api.md)",
  "api.v1.operators.me.drivers.$cpf.status":
    "operator API by key, not cookie: another operator's driver answers as unknown (tests/unit/routes/operator-api.test.ts)",
  "email.confirmar.$token": "the e-mailed one-time token is the capability; it confirms, shows nothing",
  "senha.redefinir.$token": "the e-mailed one-time token is the capability (reset-tokens.test.ts)",
  "equipe.convite.$token":
    "the e-mailed one-time token, answered only by the signed-in account with the invited CPF and e-mail (team-consent.test.ts)",
  "leis.$municipio": "a municipality's law as the prefeitura published it: public, no record of anyone",
  "regras.$municipio": "the rules a municipality applies, as published: public, no record of anyone",
  "admin.municipios_.$municipio.lei":
    "the platform admin's alone, over every municipality (create:municipality); every other role is refused (authorization-matrix/table.ts)",
  "brasao.$municipio":
    "the municipality's coat of arms (printed on every crachá, public by nature), to any signed-in user; no record of anyone",
  "credenciais.$id.carteira.manifest[.]webmanifest":
    "the wallet's web manifest (browsers fetch it without cookies): names no one, looks nothing up, repeats only the id of its URL",
};

const staffB = (w: World) => [w.staffB];
const municipioB = (w: World) => ({ municipio: w.mB.slug });
const staffAIn = (w: World, rest: Params) => ({
  intruder: (x: World) => x.staffA,
  params: { municipio: w.mA.slug, ...rest },
});
const operatorXIn = (w: World, rest: Params) => ({
  intruder: (x: World) => x.X.owner,
  params: { id: w.X.operator.id, ...rest },
});
const ownerOfY = (w: World) => [w.Y.owner];
const companyY = (w: World) => ({ id: w.Y.operator.id });
const victimOnly = (w: World) => [w.victim.user];
const victimApplication = (w: World) => ({ id: w.application.id });

const CASES: Record<string, Case> = {
  // The driver's own records.
  "documentos.$id": { allowed: (w) => [w.victim.user, w.staffB], params: (w) => ({ id: w.document.id }) },
  "credenciais.$id.pdf": { allowed: (w) => [w.victim.user, w.staffB], params: (w) => ({ id: w.credential.id }) },
  "credenciais.$id.carteira": { allowed: victimOnly, params: (w) => ({ id: w.credential.id }) },
  "credenciais.$id.carteira.foto": {
    allowed: victimOnly,
    params: (w) => ({ id: w.credential.id }),
    noPositiveControl:
      "this world's credential has no photo; the holder's 200 and another user's 404 with a real photo are in tests/e2e/phone-wallet.spec.ts",
  },
  "credenciais.$id.renovar": {
    allowed: victimOnly,
    params: (w) => ({ id: w.credential.id }),
    loaderOnlyRedirects: "the loader sends any GET to /credenciais; only the action acts",
  },
  "requerimentos.$id": { allowed: victimOnly, params: victimApplication },
  "requerimentos.$id._index": { allowed: victimOnly, params: victimApplication },
  "requerimentos.$id.dados": { allowed: victimOnly, params: victimApplication },
  "requerimentos.$id.veiculo": { allowed: victimOnly, params: victimApplication },
  "requerimentos.$id.documentos": { allowed: victimOnly, params: victimApplication },
  "requerimentos.$id.revisao": { allowed: victimOnly, params: victimApplication },
  "requerimentos.$id.documentos.enviar": {
    allowed: victimOnly,
    params: victimApplication,
    loaderOnlyRedirects: "the loader sends a GET back to the documents page; only the upload acts",
  },
  // The titular's upload for a preposto: the victim's application names no titular, so every caller
  // (the victim too) is refused with 404; the titular's upload and the 403 to anyone else are in
  // tests/unit/models/preposto.test.ts and tests/e2e/preposto.spec.ts.
  "prepostos.$id.enviar": {
    allowed: victimOnly,
    params: victimApplication,
    loaderOnlyRedirects: "the loader sends a GET to /prepostos; only the upload acts",
  },

  // The fiscal in the street.
  "fiscal.credencial.$serial": { allowed: staffB, params: (w) => ({ serial: w.credential.serial }) },
  "fiscal.autos.$numero.fotos": {
    allowed: staffB,
    params: (w) => ({ numero: w.infraction.number }),
    loaderOnlyRedirects: "the loader sends a GET to /fiscal/autos; only the photo upload acts",
  },
  "v.foto.$id": {
    allowed: () => [],
    params: (w) => ({ id: w.credential.id }),
    noPositiveControl: "reachable only through the signed, short-lived link a QR verification makes",
  },

  // The back office of municipality B.
  "m.$municipio": { allowed: staffB, params: municipioB },
  "m.$municipio._index": { allowed: staffB, params: municipioB },
  "m.$municipio.auditoria": { allowed: staffB, params: municipioB },
  "m.$municipio.autos._index": { allowed: staffB, params: municipioB },
  "m.$municipio.autos.$id": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.infraction.id }),
    mixed: (w) => staffAIn(w, { id: w.infraction.id }),
    form: () => ({ intent: "archive", reason: "Arquivado por quem não é do município." }),
  },
  "m.$municipio.autos.$id.fotos.$fotoId": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.infraction.id, fotoId: w.photo.id }),
    mixed: (w) => staffAIn(w, { id: w.infraction.id, fotoId: w.photo.id }),
  },
  "m.$municipio.chaves": { allowed: staffB, params: municipioB },
  "m.$municipio.cotas": { allowed: staffB, params: municipioB },
  "m.$municipio.identidade": { allowed: staffB, params: municipioB },
  "m.$municipio.identidade.brasao": {
    allowed: staffB,
    params: municipioB,
    noPositiveControl:
      "the world's municipality has no coat of arms, so the loader answers 404 even to its gestor (tests/unit/models/municipal-identity.test.ts stores one)",
  },
  "m.$municipio.credenciais._index": { allowed: staffB, params: municipioB },
  "m.$municipio.credenciais.$id": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.credential.id }),
    mixed: (w) => staffAIn(w, { id: w.credential.id }),
  },
  "m.$municipio.credenciais.$id.pdf": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.credential.id }),
    mixed: (w) => staffAIn(w, { id: w.credential.id }),
  },
  "m.$municipio.documentos.$id": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.document.id }),
    mixed: (w) => staffAIn(w, { id: w.document.id }),
  },
  "m.$municipio.equipe": { allowed: staffB, params: municipioB },
  "m.$municipio.govbr": { allowed: staffB, params: municipioB },
  "m.$municipio.fila": { allowed: staffB, params: municipioB },
  "m.$municipio.operadoras._index": { allowed: staffB, params: municipioB },
  "m.$municipio.operadoras.$id._index": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.Y.operator.id }),
    mixed: (w) => staffAIn(w, { id: w.Y.operator.id }),
  },
  "m.$municipio.operadoras.$id.relatorios.$reportId.csv": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.Y.operator.id, reportId: w.report.id }),
    mixed: (w) => staffAIn(w, { id: w.X.operator.id, reportId: w.report.id }),
  },
  "m.$municipio.operadoras.$id.relatorios.$reportId.pdf": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.Y.operator.id, reportId: w.report.id }),
    mixed: (w) => staffAIn(w, { id: w.X.operator.id, reportId: w.report.id }),
  },
  "m.$municipio.regras": { allowed: staffB, params: municipioB },
  "m.$municipio.regras_.rascunho": { allowed: staffB, params: municipioB },
  "m.$municipio.relatorios.$relatorio[.]csv": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, relatorio: "credenciais" }),
  },
  "m.$municipio.relatorios._index": { allowed: staffB, params: municipioB },
  "m.$municipio.relatos": { allowed: staffB, params: municipioB },
  "m.$municipio.requerimentos.$id._index": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.application.id }),
    mixed: (w) => staffAIn(w, { id: w.application.id }),
  },
  "m.$municipio.requerimentos.$id.aprovar": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, id: w.application.id }),
    mixed: (w) => staffAIn(w, { id: w.application.id }),
    noPositiveControl: "the approval page answers only for an application ready to approve (409 before)",
  },
  "m.$municipio.requerimentos.visor.$arquivo": {
    allowed: staffB,
    params: (w) => ({ municipio: w.mB.slug, arquivo: "pdf.mjs" }),
  },

  // Company Y's pages.
  "operadora.$id": { allowed: ownerOfY, params: companyY },
  "operadora.$id._index": { allowed: ownerOfY, params: companyY },
  "operadora.$id.api": { allowed: ownerOfY, params: companyY },
  "operadora.$id.certificado": { allowed: ownerOfY, params: companyY },
  "operadora.$id.comunicacoes": { allowed: ownerOfY, params: companyY },
  "operadora.$id.condutores._index": { allowed: ownerOfY, params: companyY },
  "operadora.$id.condutores.$linkId._index": {
    allowed: ownerOfY,
    params: (w) => ({ id: w.Y.operator.id, linkId: w.victim.link.id }),
    mixed: (w) => operatorXIn(w, { linkId: w.victim.link.id }),
    form: () => ({ intent: "dados-enviados", sentOn: civilDay() }),
  },
  "operadora.$id.condutores.$linkId.documentos.$docId": {
    allowed: ownerOfY,
    params: (w) => ({ id: w.Y.operator.id, linkId: w.victim.link.id, docId: w.linkedDocument.id }),
    mixed: (w) => operatorXIn(w, { linkId: w.victim.link.id, docId: w.linkedDocument.id }),
  },
  "operadora.$id.condutores.$linkId.enviar": {
    allowed: ownerOfY,
    params: (w) => ({ id: w.Y.operator.id, linkId: w.victim.link.id }),
    mixed: (w) => operatorXIn(w, { linkId: w.victim.link.id }),
    loaderOnlyRedirects: "the loader sends a GET back to the driver's page; only the upload acts",
  },
  "operadora.$id.dados": { allowed: ownerOfY, params: companyY },
  "operadora.$id.documentos._index": { allowed: ownerOfY, params: companyY },
  "operadora.$id.documentos.$docId": {
    allowed: ownerOfY,
    params: (w) => ({ id: w.Y.operator.id, docId: w.operatorDocument.id }),
    mixed: (w) => operatorXIn(w, { docId: w.operatorDocument.id }),
  },
  "operadora.$id.documentos.enviar": {
    allowed: ownerOfY,
    params: companyY,
    loaderOnlyRedirects: "the loader sends a GET back to the documents page; only the upload acts",
  },
  "operadora.$id.equipe": { allowed: ownerOfY, params: companyY },
  "operadora.$id.frota": { allowed: ownerOfY, params: companyY },
  "operadora.$id.relatorios._index": { allowed: ownerOfY, params: companyY },
  "operadora.$id.relatorios.$reportId.csv": {
    allowed: ownerOfY,
    params: (w) => ({ id: w.Y.operator.id, reportId: w.report.id }),
    mixed: (w) => operatorXIn(w, { reportId: w.report.id }),
  },
  "operadora.$id.relatorios.$reportId.pdf": {
    allowed: ownerOfY,
    params: (w) => ({ id: w.Y.operator.id, reportId: w.report.id }),
    mixed: (w) => operatorXIn(w, { reportId: w.report.id }),
  },
};

const load = (id: string) => loadRoute<RouteModule>(id);

/** The URL path of a flat route file with its params filled in. */
function urlPath(id: string, params: Params): string {
  const segments = id
    .replace(/\[\.\]/g, "~")
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => (s.startsWith("$") ? encodeURIComponent(params[s.slice(1)] ?? "") : s.replace(/~/g, ".")));
  return "/" + segments.join("/");
}

async function callLoader(id: string, user: User | null, params: Params) {
  const mod = await load(id);
  const request = new Request(`${ORIGIN}${urlPath(id, params)}.data?_routes=${encodeURIComponent(`routes/${id}`)}`, {
    headers: { cookie: await cookieOf(user) },
  });
  return answerOf(() => mod.loader!({ request, params, context: { clientIp: "127.0.0.1" } }));
}

async function callAction(id: string, user: User | null, params: Params, fields: Params = { intent: "approve" }) {
  return postTo(await load(id), urlPath(id, params), user, params, fields);
}

function expectRefused(answer: Answer, what: string) {
  expect([403, 404], `${what} answered ${answer.status} ${answer.location ?? ""}`).toContain(answer.status);
  expect(answer.body, what).not.toContain(SECRET_NAME);
}

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

const everyone = (x: World) => ({
  "condutor sem vínculo": x.driver,
  "equipe de A": x.staffA,
  "dono da empresa X (de A)": x.X.owner,
  "equipe de B": x.staffB,
  "dona da empresa Y (de B)": x.Y.owner,
  "condutora vítima": x.victim.user,
});

describe("IDOR: every route with a $param", () => {
  it("enumerates the param routes, each described or listed as public", () => {
    expect(paramRoutes.length).toBeGreaterThan(40);
    const undescribed = paramRoutes.filter((id) => !(id in CASES) && !(id in PUBLIC));
    expect(undescribed, "describe who may see each new param route in CASES (or PUBLIC, with a reason)").toEqual([]);
    const stale = [...Object.keys(CASES), ...Object.keys(PUBLIC)].filter((id) => !paramRoutes.includes(id));
    expect(stale, "a case names a route that no longer exists").toEqual([]);
  });

  describe.each(paramRoutes.filter((id) => id in CASES))("%s", (id) => {
    const c = CASES[id];

    if (!c.noPositiveControl)
      it("serves the object to whom it belongs (the fixtures are right)", async () => {
        const [owner] = c.allowed(w);
        const mod = await load(id);
        if (c.loaderOnlyRedirects) {
          const a = await callLoader(id, owner, c.params(w));
          expect(a.status).toBe(302);
          expect(a.location).not.toContain(SECRET_NAME);
          return;
        }
        expect(mod.loader).toBeTypeOf("function");
        const a = await callLoader(id, owner, c.params(w));
        expect(a.status, a.body.slice(0, 300)).toBe(200);
      });

    it("refuses it to every other signed-in user and to no one, in loader and action", async () => {
      const mod = await load(id);
      const allowed = new Set(c.allowed(w).map((u) => u.id));
      const intruders = Object.entries(everyone(w)).filter(([, u]) => !allowed.has(u.id));
      expect(intruders.length).toBeGreaterThan(0);
      for (const [who, user] of [...intruders, ["anônimo", null] as const]) {
        if (mod.loader && !c.loaderOnlyRedirects) {
          const a = await callLoader(id, user, c.params(w));
          if (user === null) expect(a.location ?? "", `loader, ${who}`).toMatch(/^\/entrar\b|^$/);
          if (user === null && a.status === 302) continue;
          expectRefused(a, `loader, ${who}`);
        }
        if (mod.action) {
          const a = await callAction(id, user, c.params(w), c.form?.(w));
          if (user === null && a.status === 302) {
            expect(a.location, `action, ${who}`).toMatch(/^\/entrar\b/);
            continue;
          }
          expectRefused(a, `action, ${who}`);
        }
      }
    });

    if (c.mixed)
      it("refuses it with the intruder's own scope in the URL", async () => {
        const mod = await load(id);
        const { intruder, params } = c.mixed!(w);
        if (mod.loader && !c.loaderOnlyRedirects) expectRefused(await callLoader(id, intruder(w), params), "loader");
        if (mod.action) expectRefused(await callAction(id, intruder(w), params, c.form?.(w)), "action");
      });
  });
});
