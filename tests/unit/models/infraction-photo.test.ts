// Evidence photos of autos, through the routes a phone and a browser use: the fiscal's
// multipart POST (JSON for the offline queue, redirect for the form without JavaScript) and the
// staff's photo route.
import { describe, expect, it } from "vitest";
import { newClientRef } from "~/components/fiscal/infraction-input";
import { startSession } from "~/http/session.server";
import { createInfraction } from "~/models/infraction.server";
import { MAX_PHOTOS_PER_AUTO } from "~/models/infraction-photo.server";
import { action as postPhoto } from "~/routes/fiscal.autos.$numero.fotos";
import { loader as getPhoto } from "~/routes/m.$municipio.autos.$id.fotos.$fotoId";
import { db } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import { makeJpeg, makePdf } from "../../fixtures/files/make";
import { createMunicipality, createSignedCredential, createUser, testActor } from "../../support/factories";

const CSRF = "c".repeat(43);
const ORIGIN = "http://localhost:3000";

async function staffOf(m: { id: string }, role: "FISCAL" | "ANALISTA" = "FISCAL") {
  const user = await createUser({ name: `${role} de Teste` });
  await db.roleAssignment.create({ data: { userId: user.id, role, municipalityId: m.id } });
  return user;
}

async function cookieOf(user: { id: string }) {
  const setCookie = await startSession(new Request(`${ORIGIN}/entrar`), user.id);
  return `${setCookie.split(";")[0]}; csrf=${CSRF}`;
}

/** A municipality on Itaúna's pack (its catalogue has DECORO). */
async function municipality(name = "Itaúna de Teste") {
  const m = await createMunicipality(name);
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId: "itauna-mg" } });
}

/** An auto written by `fiscal` (as createInfraction records it from the phone). */
async function autoBy(fiscal: { id: string }, m: Awaited<ReturnType<typeof createMunicipality>>) {
  const { credential } = await createSignedCredential(m);
  const { infraction } = await createInfraction(
    {
      clientRef: newClientRef(),
      municipalityId: m.id,
      credentialId: credential.id,
      code: "DECORO",
      place: "Praça da Matriz",
      occurredAt: new Date(Date.now() - 60_000),
    },
    { ...testActor, userId: fiscal.id, role: "FISCAL", municipalityId: m.id },
  );
  return infraction;
}

type Part = { bytes: Uint8Array; name: string; type: string };

async function send(
  user: { id: string },
  number: string,
  photo: Part,
  opts: { photoRef?: string; csrf?: string; json?: boolean; referer?: string } = {},
) {
  const form = new FormData();
  form.set("csrf", opts.csrf ?? CSRF);
  form.set("photoRef", opts.photoRef ?? newClientRef());
  form.set("foto", new File([photo.bytes as BlobPart], photo.name, { type: photo.type }));
  const headers: Record<string, string> = { cookie: await cookieOf(user), origin: ORIGIN };
  if (opts.json !== false) headers.accept = "application/json";
  if (opts.referer) headers.referer = opts.referer;
  const request = new Request(`${ORIGIN}/fiscal/autos/${number}/fotos`, { method: "POST", headers, body: form });
  return postPhoto({ request, params: { numero: number }, context: { clientIp: "127.0.0.1" } } as never);
}

const jpeg = async () => ({
  bytes: await makeJpeg({ width: 800, height: 600, exif: { Artist: "Fulano" } }),
  name: "IMG_0001.jpg",
  type: "image/jpeg",
});

describe("evidence photos of an auto", () => {
  it("stores a photo sent by the fiscal who wrote the auto, once however often it is resent", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const auto = await autoBy(fiscal, m);
    const photo = await jpeg();
    const photoRef = newClientRef();

    const first = await send(fiscal, auto.number, photo, { photoRef });
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({ created: true, count: 1 });
    // The answer was lost and the queue sends the same photo again, twice at once.
    const again = await Promise.all([
      send(fiscal, auto.number, photo, { photoRef }),
      send(fiscal, auto.number, photo, { photoRef }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await again[0].json()).toMatchObject({ created: false, photoId: body.photoId });

    const docs = await db.document.findMany({ where: { infractionId: auto.id } });
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      id: body.photoId,
      type: "FOTO_AUTO",
      ownerUserId: fiscal.id,
      clientRef: photoRef,
      mime: "image/jpeg",
    });
    // Re-encoded by the upload path: the EXIF the phone wrote is gone.
    const stored = await getStorage().get(docs[0].storageKey);
    const chunks: Buffer[] = [];
    for await (const c of stored.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).includes(Buffer.from("Fulano"))).toBe(false);
    const events = await db.auditEvent.findMany({
      where: { subjectType: "Infraction", subjectId: auto.id },
      orderBy: { seq: "asc" },
    });
    expect(events.map((e) => e.action)).toEqual(["infraction.create", "infraction.photo"]);
  });

  it("refuses what is not a photo, and stores nothing", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const auto = await autoBy(fiscal, m);
    const response = await send(fiscal, auto.number, { bytes: await makePdf(), name: "foto.jpg", type: "image/jpeg" });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      error: { code: "not_an_image", message: "A foto precisa ser uma imagem JPEG ou PNG." },
    });
    expect(await db.document.count({ where: { infractionId: auto.id } })).toBe(0);
  });

  it("is only for the fiscal who wrote the auto, in its municipality", async () => {
    const m = await municipality();
    const other = await municipality("Outra Cidade");
    const fiscal = await staffOf(m);
    const colleague = await staffOf(m);
    const elsewhere = await staffOf(other);
    const analyst = await staffOf(m, "ANALISTA");
    const auto = await autoBy(fiscal, m);
    const photo = await jpeg();
    const byColleague = await send(colleague, auto.number, photo);
    expect(byColleague.status).toBe(403);
    expect(await byColleague.json()).toMatchObject({ error: { code: "forbidden" } });
    const fromElsewhere = await send(elsewhere, auto.number, photo);
    expect(fromElsewhere.status).toBe(404);
    expect(await fromElsewhere.json()).toMatchObject({ error: { code: "unknown_auto" } });
    await expect(send(analyst, auto.number, photo)).rejects.toMatchObject({ status: 403 }); // cannot write autos at all
    expect((await send(fiscal, "AI-XXX-2026-999999", photo)).status).toBe(404);
    expect(await db.document.count({ where: { infractionId: auto.id } })).toBe(0);
  });

  it("takes at most four photos, still answering a resend of the last one", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const auto = await autoBy(fiscal, m);
    const photo = await jpeg();
    const refs = Array.from({ length: MAX_PHOTOS_PER_AUTO }, () => newClientRef());
    for (const photoRef of refs) expect((await send(fiscal, auto.number, photo, { photoRef })).status).toBe(201);
    const fifth = await send(fiscal, auto.number, photo);
    expect(fifth.status).toBe(409);
    expect(await fifth.json()).toMatchObject({
      error: { code: "too_many_photos", message: "Um auto aceita no máximo 4 fotos." },
    });
    expect((await send(fiscal, auto.number, photo, { photoRef: refs[3] })).status).toBe(200);
    expect(await db.document.count({ where: { infractionId: auto.id } })).toBe(MAX_PHOTOS_PER_AUTO);
  });

  it("closes once the offender is notified; a ref already used for another auto is a conflict", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const first = await autoBy(fiscal, m);
    const second = await autoBy(fiscal, m);
    const photo = await jpeg();
    const photoRef = newClientRef();
    expect((await send(fiscal, first.number, photo, { photoRef })).status).toBe(201);
    const reused = await send(fiscal, second.number, photo, { photoRef });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ error: { code: "photo_ref_conflict" } });
    await db.infraction.update({ where: { id: second.id }, data: { status: "NOTIFIED" } });
    const late = await send(fiscal, second.number, photo);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: "auto_closed" } });
    expect(await db.document.count({ where: { infractionId: second.id } })).toBe(0);
  });

  it("refuses a form without the CSRF token", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const auto = await autoBy(fiscal, m);
    const response = await send(fiscal, auto.number, await jpeg(), { csrf: "x".repeat(43) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "csrf_failed" } });
    expect(await db.document.count({ where: { infractionId: auto.id } })).toBe(0);
  });

  it("sends the form without JavaScript back to the fiscal's page, saying what happened", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const auto = await autoBy(fiscal, m);
    const referer = `${ORIGIN}/fiscal/credencial/ABC-MT-2026-000001?auto=${auto.number}`;
    const ok = await send(fiscal, auto.number, await jpeg(), { json: false, referer });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/fiscal/credencial/ABC-MT-2026-000001?auto=${auto.number}&foto=enviada`);
    const bad = await send(
      fiscal,
      auto.number,
      { bytes: await makePdf(), name: "x.pdf", type: "application/pdf" },
      { json: false, referer: "https://elsewhere.example/fiscal/x" },
    );
    expect(bad.headers.get("location")).toBe(
      `/fiscal/autos?foto-erro=${encodeURIComponent("A foto precisa ser uma imagem JPEG ou PNG.")}`,
    );
  });
});

describe("the staff's view of an auto's photo", () => {
  it("serves the photo to readers of autos in its municipality, and 404 through any other auto", async () => {
    const m = await municipality();
    const fiscal = await staffOf(m);
    const analyst = await staffOf(m, "ANALISTA");
    const auto = await autoBy(fiscal, m);
    const other = await autoBy(fiscal, m);
    const { photoId } = await (await send(fiscal, auto.number, await jpeg())).json();
    const get = async (user: { id: string }, infractionId: string) =>
      getPhoto({
        request: new Request(
          `${ORIGIN}/m/${(await db.municipality.findUniqueOrThrow({ where: { id: m.id } })).slug}/autos/${infractionId}/fotos/${photoId}`,
          { headers: { cookie: await cookieOf(user) } },
        ),
        params: {
          municipio: (await db.municipality.findUniqueOrThrow({ where: { id: m.id } })).slug,
          id: infractionId,
          fotoId: photoId,
        },
        context: { clientIp: "127.0.0.1" },
      } as never);
    const response = await get(analyst, auto.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    await expect(get(analyst, other.id)).rejects.toMatchObject({ status: 404 });
    const outsider = await staffOf(await municipality("Terceira"), "ANALISTA");
    await expect(get(outsider, auto.id)).rejects.toMatchObject({ status: 403 });
  });
});
