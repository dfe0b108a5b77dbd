// IDOR through ids in the form body (issue #13's suite): the URL names the intruder's own
// municipality or company, which they may act in, and a hidden field names a record of another
// (an invitation, an API key, a vehicle, an application in the queue, a signing key). The action
// must refuse (404, or the same 409 an unknown id gets) and leave the record exactly as it was. (Role ids of both teams are
// covered in escalation.test.ts.)
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "~/models/api-key.server";
import { inviteDriver } from "~/models/driver-invitation.server";
import { addVehicle } from "~/models/fleet.server";
import * as chaves from "~/routes/m.$municipio.chaves/route";
import * as fila from "~/routes/m.$municipio.fila/route";
import * as api from "~/routes/operadora.$id.api/route";
import * as frota from "~/routes/operadora.$id.frota/route";
import * as vinculos from "~/routes/vinculos._index/route";
import { db } from "~/utils/db.server";
import { createUser } from "../support/factories";
import { buildWorld, postTo, type RouteModule, type World } from "./access-world";

type Attempt = {
  mod: RouteModule;
  path: (w: World) => string;
  params: (w: World) => Record<string, string>;
  intruder: (w: World) => { id: string };
  fields: (w: World, target: string) => Record<string, string>;
  /** Creates the other party's record and returns its id. */
  target: (w: World) => Promise<string>;
  /** The refusal, when not 404 (it must not tell "not yours" from "not there"). */
  refusedWith?: number;
  /** Reads the record, to compare before and after. */
  read: (id: string) => Promise<unknown>;
};

const plate = () =>
  `IDR${randomInt(10)}${String.fromCharCode(65 + randomInt(26))}${String(randomInt(100)).padStart(2, "0")}`;

const ATTEMPTS: Record<string, Attempt> = {
  "a driver accepts another person's invitation (vinculos)": {
    mod: vinculos as RouteModule,
    path: () => "/vinculos",
    params: () => ({}),
    intruder: (w) => w.driver,
    fields: (_w, linkId) => ({ intent: "aceitar", linkId }),
    target: async (w) => {
      const invitee = await createUser({ name: "Convidada de Y" });
      return (await inviteDriver(w.Y.operator, { cpf: invitee.cpf, email: invitee.email }, w.Y.actor)).linkId;
    },
    read: (id) => db.driverLink.findUniqueOrThrow({ where: { id } }),
  },
  "a driver declines another person's invitation (vinculos)": {
    mod: vinculos as RouteModule,
    path: () => "/vinculos",
    params: () => ({}),
    intruder: (w) => w.driver,
    fields: (_w, linkId) => ({ intent: "recusar", linkId }),
    target: async (w) => {
      const invitee = await createUser({ name: "Outra Convidada de Y" });
      return (await inviteDriver(w.Y.operator, { cpf: invitee.cpf, email: invitee.email }, w.Y.actor)).linkId;
    },
    read: (id) => db.driverLink.findUniqueOrThrow({ where: { id } }),
  },
  "company X revokes company Y's API key": {
    mod: api as RouteModule,
    path: (w) => `/operadora/${w.X.operator.id}/api`,
    params: (w) => ({ id: w.X.operator.id }),
    intruder: (w) => w.X.owner,
    fields: (_w, keyId) => ({ intent: "revogar", keyId }),
    refusedWith: 409, // "Chave não encontrada ou já revogada.", the same for a key that does not exist
    target: async (w) => (await createApiKey(w.Y.operator, "Integração de Y", w.Y.actor)).key.id,
    read: (id) => db.apiKey.findUniqueOrThrow({ where: { id } }),
  },
  "company X removes a vehicle of company Y's fleet": {
    mod: frota as RouteModule,
    path: (w) => `/operadora/${w.X.operator.id}/frota`,
    params: (w) => ({ id: w.X.operator.id }),
    intruder: (w) => w.X.owner,
    fields: (_w, vehicleId) => ({ intent: "remover", vehicleId }),
    target: async (w) => {
      const p = plate();
      await addVehicle(
        w.Y.operator,
        { plate: p, ownerDocument: w.Y.operator.cnpj, ownerName: "Y", leased: false },
        w.Y.actor,
      );
      return (await db.vehicle.findUniqueOrThrow({ where: { plate: p } })).id;
    },
    read: (id) => db.vehicle.findUniqueOrThrow({ where: { id } }),
  },
  "staff of A takes an application of B's queue": {
    mod: fila as RouteModule,
    path: (w) => `/m/${w.mA.slug}/fila`,
    params: (w) => ({ municipio: w.mA.slug }),
    intruder: (w) => w.staffA,
    fields: (_w, applicationId) => ({ intent: "assign", applicationId }),
    target: async (w) => w.application.id,
    read: (id) => db.application.findUniqueOrThrow({ where: { id } }),
  },
  "the GESTOR of A revokes B's signing key": {
    mod: chaves as RouteModule,
    path: (w) => `/m/${w.mA.slug}/chaves`,
    params: (w) => ({ municipio: w.mA.slug }),
    intruder: (w) => w.staffA,
    fields: (w, kid) => ({
      intent: "revoke",
      kid,
      reason: "Chave comprometida segundo o intruso.",
      typed: "REVOGAR",
      confirm: "sim",
    }),
    target: async (w) => w.credential.kid,
    read: (kid) => db.signingKey.findUniqueOrThrow({ where: { kid } }),
  },
};

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

describe("IDOR through ids in the form body", () => {
  it.each(Object.keys(ATTEMPTS))("%s: refused, and the record is untouched", async (name) => {
    const a = ATTEMPTS[name];
    const id = await a.target(w);
    const before = await a.read(id);
    const answer = await postTo(a.mod, a.path(w), a.intruder(w), a.params(w), a.fields(w, id));
    expect(answer.status, answer.body).toBe(a.refusedWith ?? 404);
    expect(await a.read(id)).toEqual(before);
    // The same answer as for an id that exists nowhere: the refusal does not confirm the record.
    const unknown = await postTo(
      a.mod,
      a.path(w),
      a.intruder(w),
      a.params(w),
      a.fields(w, "cz0000000000000000000000x"),
    );
    expect(unknown.status).toBe(answer.status);
  });
});
