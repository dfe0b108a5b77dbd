// Issue #13 item 5: a password-reset link must die when a newer one is sent and when any link
// sets the password; before, every link mailed in the last hour stayed usable.
import { describe, expect, it } from "vitest";
import { findLiveToken, issueToken, requestPasswordReset, resetPassword } from "~/models/user.server";
import { db } from "~/utils/db.server";
import { createUser, testActor } from "../support/factories";

async function mailedLinks(email: string): Promise<string[]> {
  const mails = await db.outboxMessage.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
  return mails
    .map((m) => m.text.match(/\/senha\/redefinir\/([A-Za-z0-9_-]+)/)?.[1])
    .filter((t): t is string => Boolean(t));
}

describe("password-reset links", () => {
  it("stop working when a newer link is sent: only the newest resets the password", async () => {
    const u = await createUser();
    await requestPasswordReset(u.email, testActor);
    // Six minutes later: one reset e-mail per account every five minutes (issue #35).
    await requestPasswordReset(u.cpf, testActor, new Date(Date.now() + 6 * 60_000));
    const [older, newer] = await mailedLinks(u.email);
    expect(await findLiveToken(older, ["RESET_PASSWORD"])).toBeNull();
    expect(await resetPassword(older, "senha-nova-pelo-link-antigo", testActor)).toBe(false);
    expect(await resetPassword(newer, "senha-nova-pelo-link-novo", testActor)).toBe(true);
    const audit = await db.auditEvent.findFirst({
      where: { subjectId: u.id, action: "user.password_reset_requested" },
      orderBy: { seq: "desc" },
    });
    expect(JSON.parse(audit!.afterJson ?? "{}")).toMatchObject({ earlierLinksRevoked: 1 });
  });

  it("all stop working once one of them has set the password (an invitation too)", async () => {
    const u = await createUser();
    // Two live links at once, as a race between two requests or an invitation would leave them.
    const [first, second, invite] = await db.$transaction(async (tx) => [
      await issueToken(tx, u.id, u.email, "RESET_PASSWORD", new Date()),
      await issueToken(tx, u.id, u.email, "RESET_PASSWORD", new Date()),
      await issueToken(tx, u.id, u.email, "STAFF_INVITE", new Date()),
    ]);
    expect(await resetPassword(second, "senha-nova-pelo-segundo-link", testActor)).toBe(true);
    expect(await resetPassword(first, "senha-do-atacante-pelo-primeiro", testActor)).toBe(false);
    expect(await resetPassword(invite, "senha-do-atacante-pelo-convite", testActor)).toBe(false);
    const audit = await db.auditEvent.findFirst({ where: { subjectId: u.id, action: "user.password_reset" } });
    expect(JSON.parse(audit!.afterJson ?? "{}")).toMatchObject({ otherLinksRevoked: 2 });
  });

  it("leaves another account's link alone", async () => {
    const a = await createUser();
    const b = await createUser();
    await requestPasswordReset(a.email, testActor);
    await requestPasswordReset(b.email, testActor);
    const [linkA] = await mailedLinks(a.email);
    const [linkB] = await mailedLinks(b.email);
    expect(await resetPassword(linkA, "senha-nova-da-conta-a", testActor)).toBe(true);
    expect(await findLiveToken(linkB, ["RESET_PASSWORD"])).not.toBeNull();
  });

  it("cannot be used twice, even by two requests at once", async () => {
    const u = await createUser();
    await requestPasswordReset(u.email, testActor);
    const [link] = await mailedLinks(u.email);
    const outcomes = await Promise.allSettled([
      resetPassword(link, "primeira-senha-nova-longa", testActor),
      resetPassword(link, "segunda-senha-nova-longa", testActor),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled" && o.value === true)).toHaveLength(1);
  });
});
