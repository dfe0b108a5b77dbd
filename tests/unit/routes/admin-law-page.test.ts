// The platform admin attaches a municipality's law (issue #30, ADR 067): from a PDF's text layer
// into the form, checked ("Conferir a divisão") and saved; a scanned PDF or a text without
// articles is refused saying what to do.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as page from "~/routes/admin.municipios_.$municipio.lei/route.server";
import { db } from "~/utils/db.server";
import { type Bytes, makeScannedPdf, makeTextPdf } from "../../fixtures/files/make";
import { answerOf, cookieOf, CSRF, ORIGIN } from "../../security/access-world";
import { createMunicipality, createUser } from "../../support/factories";

const lavrasText = readFileSync("app/domain/rule-packs/cities/lavras-mg.law.txt", "utf8");

async function world() {
  const m = await createMunicipality();
  const admin = await createUser({ name: "Administradora" });
  await db.user.update({ where: { id: admin.id }, data: { isPlatformAdmin: true } });
  return { m, cookie: await cookieOf(admin) };
}

const context = { clientIp: "127.0.0.1", requestId: "lei" };

async function send(w: Awaited<ReturnType<typeof world>>, body: FormData | URLSearchParams) {
  if (body instanceof URLSearchParams) body.set("csrf", CSRF);
  else body.set("csrf", CSRF);
  const request = new Request(`${ORIGIN}/admin/municipios/${w.m.slug}/lei`, {
    method: "POST",
    headers: { cookie: w.cookie, origin: ORIGIN },
    body,
  });
  return answerOf(() => page.action({ request, params: { municipio: w.m.slug }, context }));
}

const pdfForm = (bytes: Bytes, name = "lei.pdf", type = "application/pdf") => {
  const form = new FormData();
  form.set("pdf", new Blob([bytes], { type }), name);
  return form;
};

const textForm = (intent: string, text: string) =>
  new URLSearchParams({
    intent,
    label: "Lei 4.544/2019",
    title: "Transporte por aplicativo",
    publishedOn: "2019-12-17",
    text,
  });

describe("the law page of a municipality, for the platform admin", () => {
  it("reads a PDF's text into the form, divided, without keeping the file or saving", async () => {
    const w = await world();
    const objectsBefore = await countStored();
    const answer = await send(w, pdfForm(await makeTextPdf(lavrasText)));
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body);
    expect(body.extracted.pages).toBeGreaterThan(1);
    expect(body.values.text).toContain("Art. 9º. A prestação dos serviços de que trata esta Lei");
    expect(body.preview.articles).toBe(19);
    expect(body.preview.problems).toEqual([]);
    expect(await db.lawText.count({ where: { municipalityId: w.m.id } })).toBe(0);
    expect(await countStored()).toBe(objectsBefore);
  });

  it("refuses a scanned PDF, telling the admin to paste the text", async () => {
    const w = await world();
    const answer = await send(w, pdfForm(await makeScannedPdf()));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errors.pdf).toContain("não tem texto selecionável");
  });

  it("refuses an image sent as the law", async () => {
    const { makePng } = await import("../../fixtures/files/make");
    const w = await world();
    const answer = await send(w, pdfForm(await makePng(), "lei.png", "image/png"));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errors.pdf).toContain("Envie o PDF da lei");
  });

  it("checks the division without saving, then saves and shows it", async () => {
    const w = await world();
    const preview = await send(w, textForm("preview", lavrasText));
    expect(preview.status).toBe(200);
    expect(JSON.parse(preview.body).preview).toMatchObject({ articles: 19, problems: [] });
    expect(JSON.parse(preview.body).values.text).toBe(lavrasText); // the whole text comes back, not a cut echo
    expect(await db.lawText.count({ where: { municipalityId: w.m.id } })).toBe(0);

    const saved = await send(w, textForm("save", lavrasText));
    expect(saved).toMatchObject({ status: 302, location: `/admin/municipios/${w.m.slug}/lei?salvo=1` });
    const loaded = await answerOf(() =>
      page.loader({
        request: new Request(`${ORIGIN}/admin/municipios/${w.m.slug}/lei`, { headers: { cookie: w.cookie } }),
        params: { municipio: w.m.slug },
        context,
      }),
    );
    expect(JSON.parse(loaded.body).saved).toMatchObject({ label: "Lei 4.544/2019", articles: 19, problems: [] });
    // The rules the saved text proposes, each at its unit, with its citation; and what it is silent on.
    const { draft } = JSON.parse(loaded.body);
    expect(draft.proposals).toContainEqual(
      expect.objectContaining({
        text: "Pelo menos 4 portas",
        citation: "Lei 4.544/2019, art. 10, III",
        anchor: "art10_cpt_inc3",
      }),
    );
    expect(draft.silent).toContain("Idade mínima do condutor");
  });

  it("refuses, naming the field, a label the rules could not cite and a text with no article", async () => {
    const w = await world();
    const badLabel = await send(
      w,
      new URLSearchParams({ ...Object.fromEntries(textForm("save", lavrasText)), label: "4544" }),
    );
    expect(badLabel.status).toBe(400);
    expect(JSON.parse(badLabel.body).errors.label).toContain("Lei 4.544/2019");
    const noArticle = await send(w, textForm("save", "Ata da reunião da comissão de transportes."));
    expect(noArticle.status).toBe(400);
    expect(noArticle.body).toContain("não tem a estrutura de uma lei");
    expect(await db.lawText.count({ where: { municipalityId: w.m.id } })).toBe(0);
  });
});

/** Objects in the test's storage folder, to see that the PDF was not kept. */
async function countStored(): Promise<number> {
  const { readdirSync, existsSync } = await import("node:fs");
  const { env } = await import("~/utils/env.server");
  const { localStorageRoot } = await import("~/utils/storage/local.server");
  const root = localStorageRoot(env().DATA_DIR);
  if (!existsSync(root)) return 0;
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
