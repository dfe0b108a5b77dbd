import { describe, expect, it } from "vitest";
import { getPack } from "~/domain/rule-packs/shipped";
import {
  civilToInstant,
  durationWords,
  fileNotice,
  listOperatorNotices,
  listPersonNotices,
  noticeClock,
  reportEvent,
} from "~/models/notice.server";
import { changeOperatorAddress } from "~/models/operator.server";
import { noticeDuties } from "~/models/operator-policy.server";
import { db } from "~/utils/db.server";
import { account, actorFor, credentialed, town } from "../../e2e/fixtures/operator-support";

describe("the notices each law asks for", () => {
  it("read from the pack's deadlines, for the operator or for the titular", () => {
    const terms = (packId: string, who: "OPERADORA" | "PESSOA") =>
      noticeDuties(getPack(packId)!, who).map((d) => [
        d.kind,
        d.deadline.within ?? (d.deadline.immediate ? "imediato" : null),
      ]);
    expect(terms("itauna-mg", "OPERADORA")).toEqual([
      ["DESLIGAMENTO", "PT72H"],
      ["OBITO_ACIDENTE", "PT72H"],
      ["ENDERECO", "P30D"],
    ]);
    expect(terms("lavras-mg", "OPERADORA")).toEqual([["EXCLUSAO", "imediato"]]);
    expect(terms("patrocinio-mg", "PESSOA")).toEqual([
      ["DESLIGAMENTO", "P15D"],
      ["ACIDENTE", "P5D"],
      ["REMOCAO_AUXILIAR", "P15D"],
    ]);
    expect(terms("jardim-ms", "OPERADORA")).toEqual([
      ["ENDERECO", null],
      ["SEGURO", null],
    ]);
  });
});

describe("recording and filing notices", () => {
  it("a titular's accident report in Patrocínio is due 5 days after the accident, to the end of that day", async () => {
    const m = await town("patrocinio-mg");
    const user = await account("Carlos Mototaxista");
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const now = new Date("2026-11-29T10:00:00-03:00");
    await reportEvent(
      getPack("patrocinio-mg")!,
      { personId: person.id, municipalityId: m.id },
      { kind: "ACIDENTE", eventAt: "2026-11-27T18:40", description: "Colisão leve no centro", fileNow: false },
      actorFor(user.id, "CONDUTOR"),
      now,
    );
    const [open] = await listPersonNotices(person.id, now);
    expect(open).toMatchObject({
      state: "OPEN",
      dueAt: "2026-12-02T18:40",
      citation: "Lei 4.883/2017, art. 31, Grupo 2, II",
      sanction: "Infração do Grupo 2 (art. 31)",
      left: "3 dias e 8 h",
    });
    await fileNotice(open.id, { personId: person.id }, m.id, actorFor(user.id, "CONDUTOR"), now);
    expect((await listPersonNotices(person.id, now))[0].state).toBe("FILED_ON_TIME");
    await expect(
      fileNotice(open.id, { personId: person.id }, m.id, actorFor(user.id, "CONDUTOR"), now),
    ).rejects.toMatchObject({ kind: "conflict" });
    // The law asks no such notice of an operator there.
    await expect(
      reportEvent(
        getPack("patrocinio-mg")!,
        { operatorId: "x", municipalityId: m.id },
        { kind: "ACIDENTE", eventAt: "2026-11-27T18:40", description: "x", fileNow: true },
        actorFor(user.id),
        now,
      ),
    ).rejects.toMatchObject({ kind: "invalid" });
  });

  it("an Itaúna company's address change is filed with the 30-day term counted from the change (late when past it)", async () => {
    const m = await town("itauna-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: true },
    });
    const now = new Date("2026-11-29T10:00:00-03:00");
    const address = {
      cep: "35680123",
      street: "Rua Nova",
      addressNumber: "10",
      district: "Centro",
      city: "Cidade",
      uf: "MG",
    };
    await changeOperatorAddress(operator, address, "2026-10-01", actor, now);
    expect(await db.operator.findUniqueOrThrow({ where: { id: operator.id } })).toMatchObject({
      street: "Rua Nova",
      cep: "35680123",
    });
    const [notice] = await listOperatorNotices(operator.id, now);
    expect(notice).toMatchObject({
      kind: "ENDERECO",
      dueAt: "2026-10-31T23:59",
      state: "FILED_LATE",
      citation: "Lei 4.785/2013, art. 18, III",
    });
  });

  it("clocks read in words", () => {
    expect(durationWords(72 * 3_600_000)).toBe("3 dias");
    expect(durationWords(5 * 3_600_000 + 20 * 60_000)).toBe("5 h 20 min");
    expect(
      noticeClock(
        { dueAt: civilToInstant("2026-12-01T10:00", "America/Sao_Paulo"), filedAt: null, detailsJson: "{}" },
        civilToInstant("2026-12-01T11:00", "America/Sao_Paulo"),
      ).state,
    ).toBe("OVERDUE");
  });
});
