// Issue #13 security suite: no personal data in public output (api.md: "No CPF, address, birth
// date, blood type or document numbers ever appear in public output"). A holder with
// distinctive personal data — also copied where issuance copies it (the card's printed extras,
// a staff note on a suspension, the photo's file name and EXIF) — holds credentials in each
// state; every public answer about them is fetched and searched for that data. Only the name,
// plate and operator (and the photo, behind the signed QR's short-lived URL) may show.
//
// The public routes are enumerated from app/routes: a loader with no guard (require*,
// authenticate*, loadOwn*, directly or through a helper of the same file) and not a bare
// redirect must be listed below, scanned or with the reason it shows no credential data — so a
// new public route fails here until someone looks at what it shows.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inflateRaw } from "~/credentials/status-list";
import { formatCpf, maskCpf } from "~/domain/br/cpf";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { loader as jwksLoader } from "~/routes/[.]well-known.jwks[.]json";
import { loader as statusLoader } from "~/routes/api.v1.credentials.$serial.status";
import { loader as statusListLoader } from "~/routes/api.v1.status-list.$municipality";
import { loader as jsonLoader } from "~/routes/api.v1.verify.$token";
import { loader as codeLoader } from "~/routes/v._index";
import { loader as pageLoader } from "~/routes/v.$token";
import { loader as photoLoader } from "~/routes/v.foto.$id";
import { loader as reportLoader } from "~/routes/v.relato";
import { loader as typeCodeLoader } from "~/routes/verificar";
import { db } from "~/utils/db.server";
import {
  createMunicipality,
  createSignedCredential,
  createUser,
  IN_FORCE_IN_2026,
  storedFile,
} from "../support/factories";
import { routeIds, serverSource } from "../support/route-modules";
import { getRoute } from "./public-routes";

const now = new Date("2026-06-01T15:00:00Z");

// ---- the enumeration -------------------------------------------------------------------------

/** Public routes that answer about credentials: each is fetched and scanned below. */
const SCANNED = [
  "api.v1.verify.$token",
  "v.$token",
  "v._index",
  "api.v1.credentials.$serial.status",
  "api.v1.status-list.$municipality",
  "[.]well-known.jwks[.]json",
  "v.foto.$id",
  "v.relato",
  "verificar",
];

/** Public routes that show no credential or holder data, each with the reason. */
const NOT_ABOUT_HOLDERS: Record<string, string> = {
  _index: "the home page: static text; a signed-in user is redirected",
  cadastro: "the sign-up form: empty; a signed-in user is redirected",
  entrar: "the sign-in form: empty; a signed-in user is redirected",
  "api.v1.eligibility": "the loader answers 405; the action evaluates only the facts the caller sent",
  "dev.caixa-de-saida": "404 unless DEMO_MODE (tests/security/demo-mode.test.ts)",
  "email.confirmar.$token": "answers only whether the secret e-mail link was valid",
  "senha.redefinir.$token": "the account's own name, only to the holder of the secret reset link",
  "fiscal-sw[.]js": "a static file (the fiscal's service worker)",
  "fiscal.manifest[.]webmanifest": "a static file (the fiscal app's manifest)",
  healthz: "answers ok",
  "schemas.rule-pack[.]json": "the rule-pack format as a JSON Schema, generated from code: no record",
  "leis.$municipio": "the municipality's law as the prefeitura published it: no record of a person",
  "regras.$municipio": "the rules in force, read from the published pack and the law: no record of a person",
  "verificar_.jsqr[.]js": "a static file (jsQR, as the package ships it, for /verificar's camera)",
  readyz: "answers which infrastructure checks pass (ok/degradado/falhou), no record",
  "entrar_.govbr._index": "starts a gov.br sign-in (a redirect to the provider); otherwise a failure message only",
  "entrar_.govbr.retorno": "the provider's callback: signs in and redirects, or a failure message only",
  "entrar_.govbr.vincular":
    "whether an account holds the gov.br-proven CPF (nothing of it: ADR 054) and what a new account still needs, only to the browser holding that sign-in's one-time link cookie",
  "credenciais.carteira-sw[.]js": "a static file (the service worker of Meu crachá)",
  "painel-sw[.]js": "a static file (the service worker of the offline home)",
  "credenciais.$id.carteira.manifest[.]webmanifest":
    "the manifest of Meu crachá: static text around the id of its own URL, no lookup",
};

// requireMunicipality finds the town in the URL; it authorizes no one.
const GUARD = /\b(require(?!Municipality\b)[A-Z]\w*|authenticate\w*|loadOwn\w*)\(/;

/** The text of `export … function name` up to its closing brace at column 0. */
function functionText(source: string, name: string): string | null {
  const match = source.match(new RegExp(`(?:export\\s+)?(?:async\\s+)?function\\s+${name}\\b[\\s\\S]*?\\n\\}\\n`));
  return match ? match[0] : null;
}

function isGuarded(source: string, loader: string): boolean {
  if (GUARD.test(loader)) return true;
  // A guard inside a helper of the same file (`const { municipality } = await load(request, …)`).
  const called = [...loader.matchAll(/\b([a-zA-Z_]\w*)\(/g)].map((m) => m[1]).filter((n) => n !== "loader");
  return called.some((name) => {
    const helper = functionText(source, name);
    return helper !== null && GUARD.test(helper);
  });
}

/**
 * The loader's text: a function declaration, or an exported const — wrapped by the HTTP layer
 * (`withRefusals(async (…) => {…})`, up to its closing line) or a one-statement arrow.
 */
function loaderText(source: string): string | null {
  return (
    functionText(source, "loader") ??
    source.match(/export\s+(?:const|let)\s+loader\b[^\n]*\{\n[\s\S]*?\n\}\);?\n/)?.[0] ??
    source.match(/export\s+(?:const|let)\s+loader\b[\s\S]*?;\n/)?.[0] ??
    null
  );
}

/** `throw redirect(…)` as the whole body, or an arrow (wrapped or not) that only returns `redirect(…)`. */
const isBareRedirect = (loader: string) =>
  /^\s*throw redirect\([^;]*\);\s*\}\n$/.test(loader.slice(loader.indexOf("{\n") + 2)) ||
  /^export\s+(?:const|let)\s+loader\s*=\s*(?:withRefusals\(\s*)?(?:async\s*)?\([^)]*\)\s*=>\s*redirect\([^;]*\);\n$/.test(
    loader,
  );

function unguardedRoutes(): string[] {
  return routeIds().filter((id) => {
    const source = serverSource(id);
    const loader = loaderText(source);
    return loader !== null && !isBareRedirect(loader) && !isGuarded(source, loader);
  });
}

describe("the public routes are all accounted for", () => {
  it("the enumeration tells guarded, redirecting and public loaders apart", () => {
    const found = unguardedRoutes();
    expect(found).toContain("v.$token");
    expect(found).not.toContain("m.$municipio.fila"); // requireStaff in the loader
    expect(found).not.toContain("m.$municipio.operadoras.$id._index"); // requireStaff through load()
    expect(found).not.toContain("requerimentos.$id.dados"); // loadOwnApplication
    expect(found).not.toContain("sair"); // throw redirect("/") only
    expect(found).not.toContain("fiscal.autos.novo"); // an arrow returning redirect(…)
  });

  it("every route whose loader has no guard is scanned here or listed with the reason it shows no holder data", () => {
    expect(unguardedRoutes().sort()).toEqual([...SCANNED, ...Object.keys(NOT_ABOUT_HOLDERS)].sort());
  });
});

// ---- the holder and the scan -----------------------------------------------------------------

type Answer = { route: string; label: string; text: string };

let needles: Array<[string, string | RegExp]>;
let answers: Answer[];
let photoSource: Buffer;
let tokens: Record<"active" | "suspended" | "revoked", string>;

beforeAll(async () => {
  const m = await createMunicipality();
  const user = await createUser({ name: "Joana Teste Sigilosa de Almeida" });
  const cpf = user.cpf;
  const person = await db.person.create({
    data: {
      userId: user.id,
      fullName: user.name,
      cpf,
      birthDate: "1987-03-14",
      rgNumber: "MG-98.765.432",
      rgIssuer: "SSP/MG",
      cnhNumber: "04512378901",
      cnhCategory: "A",
      cnhFirstLicenseDate: "2009-08-21",
      cnhExpiryDate: "2031-11-27",
      bloodType: "AB-",
      phone: "(37) 99876-5432",
      cep: "35680-123",
      street: "Rua das Confidências",
      addressNumber: "4321",
      complement: "Bloco Sigiloso 7",
      district: "Bairro Reservado",
      city: "Itaúna",
      uf: "MG",
    },
  });
  needles = [
    ["CPF (digits)", cpf],
    ["CPF (formatted)", formatCpf(cpf)],
    ["CPF (as printed on the card)", maskCpf(cpf)],
    ["e-mail", user.email],
    ["e-mail (local part)", user.email.split("@")[0]],
    ["phone", "99876-5432"],
    ["phone (digits)", "37998765432"],
    ["birth date", "1987-03-14"],
    ["birth date (pt-BR)", "14/03/1987"],
    ["RG", "98.765.432"],
    ["RG (digits)", "98765432"],
    ["CNH number", "04512378901"],
    ["CNH first licence", "2009-08-21"],
    ["CNH expiry", "2031-11-27"],
    ["CEP", "35680-123"],
    ["street", "Rua das Confidências"],
    ["complement", "Bloco Sigiloso"],
    ["district", "Bairro Reservado"],
    ["blood type", /(?<![\w-])AB-(?![\w-])/],
    ["blood type label", /tipo sangu[ií]neo/i],
  ];

  // The holder's photo, with personal data in its EXIF and file name (as a phone may leave them).
  photoSource = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#8a7f72" } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: `CPF ${cpf}`, Artist: user.email } })
    .toBuffer();
  const file = await storedFile(photoSource, "image/jpeg");
  const photo = await db.document.create({
    data: {
      type: "FOTO_3X4",
      ownerUserId: user.id,
      personId: person.id,
      storageKey: file.key,
      originalName: `foto-${cpf}.jpg`,
      sha256: file.sha256,
      mime: file.mime,
      sizeBytes: file.size,
      reviewStatus: "ACCEPTED",
    },
  });

  // What issuance copies onto the credential: the card's printed extras (Jardim's law) and the photo.
  const renderData = JSON.stringify({
    photoDocumentId: photo.id,
    layout: "badge",
    data: {
      extras: [
        { label: "Tipo sanguíneo", value: "AB-" },
        { label: "RG", value: "MG-98.765.432 SSP/MG" },
        { label: "CPF", value: maskCpf(cpf) },
        { label: "CNH", value: "04512378901" },
      ],
    },
  });
  const issue = async (status: string, statusReason: string | null) => {
    const { credential, token } = await createSignedCredential(m, {
      ...IN_FORCE_IN_2026,
      status,
      holderPersonId: person.id,
    });
    await db.credential.update({
      where: { id: credential.id },
      data: { renderDataJson: renderData, statusReason, operatorName: "Cooperativa Teste" },
    });
    return { serial: credential.serial, token };
  };
  const active = await issue("ACTIVE", null);
  const suspended = await issue("SUSPENDED", `CNH 04512378901 apreendida; CPF ${formatCpf(cpf)}`);
  const revoked = await issue("REVOKED", `Endereço Rua das Confidências 4321 não confirmado; CPF ${cpf}`);
  tokens = { active: active.token, suspended: suspended.token, revoked: revoked.token };

  // Only Date is faked, and only after the fixtures (factories name things by Date.now()): the
  // credentials' 2026 validity holds whatever day the suite runs.
  vi.useFakeTimers({ toFake: ["Date"], now });
  answers = [];
  const add = async (route: string, label: string, response: Response, text?: string) => {
    expect(response.status, label).toBeLessThan(500);
    const headers = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n");
    answers.push({ route, label, text: `${headers}\n\n${text ?? (await response.text())}` });
  };

  for (const [state, c] of Object.entries({ active, suspended, revoked })) {
    const code = typedCodeFor(c.serial);
    const json = await getRoute(jsonLoader, `/api/v1/verify/${c.token}`, { token: c.token });
    const jsonText = await json.text();
    await add("api.v1.verify.$token", `JSON verdict (${state})`, json, jsonText);
    await add("v.$token", `QR page (${state})`, await getRoute(pageLoader, `/v/${c.token}`, { token: c.token }));
    await add("v._index", `typed code page (${state})`, await getRoute(codeLoader, `/v?codigo=${code}`));
    for (const asked of [c.serial, code])
      await add(
        "api.v1.credentials.$serial.status",
        `status of ${asked} (${state})`,
        await getRoute(statusLoader, `/api/v1/credentials/${asked}/status`, { serial: asked }),
      );
    await add("v.relato", `report form (${state})`, await getRoute(reportLoader, `/v/relato?codigo=${code}`));

    const photoUrl = (JSON.parse(jsonText) as { credential?: { photoUrl?: string } }).credential?.photoUrl;
    if (photoUrl) {
      const url = new URL(photoUrl, "http://localhost");
      const served = await getRoute(photoLoader, `${url.pathname}${url.search}`, {
        id: url.pathname.split("/").pop()!,
      });
      expect(served.status, `photo (${state})`).toBe(200);
      await add("v.foto.$id", `photo (${state})`, served, Buffer.from(await served.arrayBuffer()).toString("latin1"));
    }
  }

  const list = await getRoute(statusListLoader, `/api/v1/status-list/${m.ibgeCode}`, { municipality: m.ibgeCode });
  const jws = await list.text();
  const { s } = JSON.parse(Buffer.from(jws.split(".")[1], "base64url").toString()) as { s: string };
  const inflated = Buffer.from(await inflateRaw(Buffer.from(s, "base64url"), 1 << 20)).toString();
  expect(inflated).toContain(revoked.serial); // the decoding works: the list names the revoked serial
  await add("api.v1.status-list.$municipality", "status list (JWS and its decoded list)", list, `${jws}\n${inflated}`);
  await add("[.]well-known.jwks[.]json", "JWKS", await getRoute(jwksLoader, "/.well-known/jwks.json"));
  // The static page (its form and camera are the same for everyone): only the portal's own address.
  await add("verificar", "type-the-code page", await getRoute(typeCodeLoader, "/verificar"));
});

afterAll(() => {
  vi.useRealTimers();
});

describe("no personal data in public output", () => {
  it("fetches every scanned route, and what they show is what api.md allows (a control for the scan)", () => {
    expect(new Set(answers.map((a) => a.route))).toEqual(new Set(SCANNED));
    const text = (label: string) => answers.find((a) => a.label === label)!.text;
    expect(text("JSON verdict (active)")).toContain("Joana Teste");
    expect(text("JSON verdict (active)")).toContain("Cooperativa Teste");
    expect(text("JSON verdict (active)")).toContain("/v/foto/");
    expect(text("QR page (suspended)")).toContain("Joana Teste");
    expect(text("typed code page (active)")).toContain("Joana Teste");
  });

  it("the photo's EXIF carries the CPF and e-mail before it is served (so scanning the served photo means something)", () => {
    const exif = photoSource.toString("latin1");
    for (const [what, needle] of needles.filter(([w]) => w === "CPF (digits)" || w === "e-mail"))
      expect(exif, what).toContain(needle as string);
  });

  it("no answer carries the holder's CPF, e-mail, phone, birth date, RG, CNH, address or blood type", () => {
    const leaks: string[] = [];
    for (const answer of answers)
      for (const [what, needle] of needles) {
        const found = typeof needle === "string" ? answer.text.includes(needle) : needle.test(answer.text);
        if (found) leaks.push(`${answer.label}: ${what}`);
      }
    expect(leaks).toEqual([]);
  });

  it("the photo appears only behind the signed QR, never by typed code or serial (api.md)", () => {
    for (const a of answers.filter((x) => ["v._index", "api.v1.credentials.$serial.status"].includes(x.route)))
      expect(a.text, a.label).not.toContain("/v/foto/");
    // Not even behind the QR once revoked.
    expect(answers.find((a) => a.label === "JSON verdict (revoked)")!.text).not.toContain("/v/foto/");
    expect(answers.filter((a) => a.route === "v.foto.$id").map((a) => a.label)).toEqual([
      "photo (active)",
      "photo (suspended)",
    ]);
  });

  it("the tokens themselves carry only the claims api.md's verdict shows", () => {
    for (const token of Object.values(tokens)) {
      const payload = Buffer.from(token.split(".")[1], "base64url").toString();
      for (const [what, needle] of needles)
        expect(typeof needle === "string" ? payload.includes(needle) : needle.test(payload), what).toBe(false);
    }
  });
});
