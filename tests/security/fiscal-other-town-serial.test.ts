// Issue #35 (low): "a fiscal learns whether another town's serial exists (403 vs 404)". A fiscal of
// town U typing a serial of town T on /fiscal/credencial/<serial>, or recording an auto on it
// (/fiscal/autos/novo), must get exactly the answer a serial that does not exist gets — same
// status, same headers, same words — and leave no trace (no verification logged, no auto).
import { beforeAll, describe, expect, it } from "vitest";
import { newClientRef } from "~/components/fiscal/infraction-input";
import * as newAuto from "~/routes/fiscal.autos.novo";
import * as fiscalCredential from "~/routes/fiscal.credencial.$serial/route";
import { db } from "~/utils/db.server";
import { town } from "../e2e/fixtures/operator-support";
import { civilDay } from "../support/dates";
import { createSignedCredential } from "../support/factories";
import { cookieOf, CSRF, ORIGIN, staffOf } from "./access-world";

type Handler = (args: never) => unknown;

/** Status, headers and body, whether the Response was returned or thrown. */
async function answer(run: () => unknown) {
  let r: unknown;
  try {
    r = await run();
  } catch (e) {
    r = e;
  }
  if (!(r instanceof Response)) return { status: 200, headers: [] as string[][], body: JSON.stringify(r) };
  const headers = [...r.headers.entries()].filter(([k]) => k !== "date").sort(([a], [b]) => a.localeCompare(b));
  return { status: r.status, headers, body: await r.text() };
}

let townT: Awaited<ReturnType<typeof town>>;
let serialT: string;
let unknownSerial: string;
let fiscalT: { id: string };
let fiscalU: { id: string };

beforeAll(async () => {
  townT = await town("itauna-mg");
  const townU = await town("itauna-mg");
  serialT = (await createSignedCredential(townT)).credential.serial;
  // Of the same shape and town, with a number no credential has.
  unknownSerial = serialT.replace(/\d{6}$/, (n) => String((Number(n) + 1) % 1_000_000).padStart(6, "0"));
  expect(await db.credential.count({ where: { serial: unknownSerial } })).toBe(0);
  fiscalT = await staffOf(townT, ["FISCAL"]);
  fiscalU = await staffOf(townU, ["FISCAL"]);
});

async function fiscalPage(user: { id: string }, serial: string) {
  const request = new Request(`${ORIGIN}/fiscal/credencial/${serial}.data?_routes=routes/fiscal.credencial.$serial`, {
    headers: { cookie: await cookieOf(user) },
  });
  return answer(() =>
    (fiscalCredential.loader as Handler)({ request, params: { serial }, context: { clientIp: "127.0.0.1" } } as never),
  );
}

async function recordAuto(user: { id: string }, serial: string, json: boolean) {
  const form = new FormData();
  const fields = {
    csrf: CSRF,
    clientRef: newClientRef(),
    serial,
    code: "DECORO",
    place: "Praça da Matriz",
    // Yesterday: 08:00 today is still in the future in Brazil before 11:00 UTC.
    occurredAt: `${civilDay(-1)}T08:00`,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`${ORIGIN}/fiscal/autos/novo`, {
    method: "POST",
    headers: { cookie: await cookieOf(user), origin: ORIGIN, ...(json ? { accept: "application/json" } : {}) },
    body: form,
  });
  return answer(() =>
    (newAuto.action as Handler)({ request, params: {}, context: { clientIp: "127.0.0.1" } } as never),
  );
}

const traces = async () => ({
  logged: await db.verificationLog.count(),
  autos: await db.infraction.count(),
});

describe("a fiscal learns whether another town's serial exists (403 vs 404)", () => {
  it("the fiscal's credential page answers another town's serial exactly as one that does not exist", async () => {
    const before = await traces();
    const foreign = await fiscalPage(fiscalU, serialT);
    const unknown = await fiscalPage(fiscalU, unknownSerial);
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(unknown);
    expect(await traces()).toEqual(before);
  });

  it.each([
    ["JSON (the phone's queue)", true],
    ["a form without JavaScript", false],
  ])(
    "recording an auto on another town's serial answers as on one that does not exist, and records nothing — %s",
    async (_how, json) => {
      const before = await traces();
      const foreign = await recordAuto(fiscalU, serialT, json);
      const unknown = await recordAuto(fiscalU, unknownSerial, json);
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(unknown);
      expect(await traces()).toEqual(before);
    },
  );

  it("town T's own fiscal still sees the credential and records on it (the checks above can fail)", async () => {
    const page = await fiscalPage(fiscalT, serialT);
    expect(page.status, page.body.slice(0, 200)).toBe(200);
    expect(page.body).toContain(serialT);
    const auto = await recordAuto(fiscalT, serialT, true);
    expect(auto.status, auto.body).toBe(201);
    expect(await db.infraction.count({ where: { municipalityId: townT.id } })).toBe(1);
  });
});
