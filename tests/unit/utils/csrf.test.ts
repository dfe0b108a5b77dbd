import { describe, expect, it } from "vitest";
import { assertCsrf, csrfTokenFor } from "~/http/csrf.server";

const token = "a".repeat(43);
function post(headers: Record<string, string>) {
  return new Request("http://localhost:3000/entrar", { method: "POST", headers });
}

function status(fn: () => void): number | "ok" {
  try {
    fn();
    return "ok";
  } catch (e) {
    return (e as Response).status;
  }
}

describe("CSRF protection", () => {
  it("accepts the cookie's token from the same origin", () => {
    expect(status(() => assertCsrf(post({ cookie: `csrf=${token}`, origin: "http://localhost:3000" }), token))).toBe(
      "ok",
    );
  });

  it("refuses a missing or different token", () => {
    expect(status(() => assertCsrf(post({ cookie: `csrf=${token}` }), null))).toBe(403);
    expect(status(() => assertCsrf(post({ cookie: `csrf=${token}` }), "b".repeat(43)))).toBe(403);
    expect(status(() => assertCsrf(post({}), token))).toBe(403);
  });

  it("refuses a cross-site POST even when it carries the token", () => {
    expect(
      status(() => assertCsrf(post({ cookie: `csrf=${token}`, origin: "https://malicioso.example" }), token)),
    ).toBe(403);
    expect(status(() => assertCsrf(post({ cookie: `csrf=${token}`, "sec-fetch-site": "cross-site" }), token))).toBe(
      403,
    );
  });

  it("issues a token once and then reuses the cookie's", () => {
    const first = csrfTokenFor(new Request("http://localhost:3000/"));
    expect(first.setCookie).toMatch(/^csrf=/);
    const again = csrfTokenFor(new Request("http://localhost:3000/", { headers: { cookie: `csrf=${first.token}` } }));
    expect(again).toEqual({ token: first.token, setCookie: null });
  });
});
