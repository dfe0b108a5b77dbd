import { describe, expect, it } from "vitest";
import { endSession, endSessionTakingIdToken, readSession, startSession } from "~/http/session.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../support/factories";

const cookieValue = (setCookie: string) => setCookie.split(";")[0];
const req = (cookie?: string) => new Request("http://localhost:3000/painel", { headers: cookie ? { cookie } : {} });

describe("sessions", () => {
  it("sets an httpOnly, SameSite=Lax cookie and finds the session from it", async () => {
    const u = await createUser();
    const setCookie = await startSession(req(), u.id);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect((await readSession(req(cookieValue(setCookie))))?.userId).toBe(u.id);
  });

  it("stores only the token's hash", async () => {
    const u = await createUser();
    const token = cookieValue(await startSession(req(), u.id)).split("=")[1];
    expect(await db.session.count({ where: { tokenHash: token } })).toBe(0);
  });

  it("rotates at sign-in: the session the request carried ends", async () => {
    const u = await createUser();
    const first = cookieValue(await startSession(req(), u.id));
    const second = cookieValue(await startSession(req(first), u.id));
    expect(await readSession(req(first))).toBeNull();
    expect(await readSession(req(second))).not.toBeNull();
  });

  it("ends at sign-out", async () => {
    const u = await createUser();
    const c = cookieValue(await startSession(req(), u.id));
    await endSession(req(c));
    expect(await readSession(req(c))).toBeNull();
  });

  it("keeps a gov.br sign-in's ID token only in its row, hands it over once at sign-out and forgets it", async () => {
    const u = await createUser();
    const govbr = { level: "prata", idToken: "o.id.token", sid: "sid-1" };
    const setCookie = await startSession(req(), u.id, new Date(), govbr);
    expect(setCookie).not.toContain("o.id.token");
    const c = cookieValue(setCookie);
    expect(await db.session.count({ where: { userId: u.id, govbrIdToken: "o.id.token", govbrSid: "sid-1" } })).toBe(1);
    expect((await endSessionTakingIdToken(req(c))).govbrIdToken).toBe("o.id.token");
    expect(await db.session.count({ where: { userId: u.id, govbrIdToken: { not: null } } })).toBe(0);
    expect((await endSessionTakingIdToken(req(c))).govbrIdToken).toBeNull();
    expect(await readSession(req(c))).toBeNull();
  });

  it("expires after 30 idle minutes and after the absolute lifetime", async () => {
    const u = await createUser();
    const t0 = new Date("2026-11-29T10:00:00Z");
    const c = cookieValue(await startSession(req(), u.id, t0));
    expect(await readSession(req(c), new Date("2026-11-29T10:29:00Z"))).not.toBeNull();
    expect(await readSession(req(c), new Date("2026-11-29T11:00:00Z"))).toBeNull();
    const c2 = cookieValue(await startSession(req(), u.id, t0));
    // Kept alive by activity, it still ends 12 hours after sign-in.
    for (let h = 0; h <= 11; h++) await readSession(req(c2), new Date(t0.getTime() + h * 3_600_000 + 25 * 60_000));
    expect(await readSession(req(c2), new Date(t0.getTime() + 12 * 3_600_000 + 5 * 60_000))).toBeNull();
  });

  it("ignores a forged or malformed cookie", async () => {
    expect(await readSession(req("sessao=forjado-mas-com-tamanho-suficiente-123"))).toBeNull();
    expect(await readSession(req("sessao=<script>"))).toBeNull();
  });
});
