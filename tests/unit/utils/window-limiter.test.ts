// The in-memory public limit without a timer per key (ADR 043): the same windows as
// rate-limiter-flexible's memory limiter — `points` per window that starts at a key's first
// request, Retry-After until it ends — and old windows forgotten without any timer.
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { WindowLimiter } from "~/utils/window-limiter.server";

const outcome = (p: Promise<RateLimiterRes>) =>
  p.then(
    (r) => ({ ok: true, msBeforeNext: r.msBeforeNext, remaining: r.remainingPoints }),
    (r: RateLimiterRes) => ({ ok: false, msBeforeNext: r.msBeforeNext, remaining: r.remainingPoints }),
  );

describe("WindowLimiter", () => {
  it("allows `points` per window from a key's first request, then answers how long to wait", async () => {
    let now = 1_000_000;
    const limiter = new WindowLimiter({ points: 3, duration: 60 }, () => now);
    for (let i = 0; i < 3; i++) expect((await outcome(limiter.consume("a"))).ok).toBe(true);
    now += 20_000;
    expect(await outcome(limiter.consume("a"))).toEqual({ ok: false, msBeforeNext: 40_000, remaining: 0 });
    expect((await outcome(limiter.consume("b"))).ok).toBe(true);
    now += 40_000; // a's window ends exactly 60 s after its first request
    expect(await outcome(limiter.consume("a"))).toEqual({ ok: true, msBeforeNext: 60_000, remaining: 2 });
  });

  it("counts a cost of several points at once", async () => {
    const limiter = new WindowLimiter({ points: 120, duration: 60 }, () => 0);
    expect((await outcome(limiter.consume("x", 120))).ok).toBe(true);
    expect((await outcome(limiter.consume("x"))).ok).toBe(false);
  });

  it("keeps a window open across a generation change, and forgets windows once two have passed", async () => {
    let now = 0;
    const limiter = new WindowLimiter({ points: 2, duration: 10 }, () => now);
    now = 9_000;
    await limiter.consume("late");
    await limiter.consume("late");
    now = 12_000; // a new generation; "late"'s window (9 s → 19 s) is still open
    expect((await outcome(limiter.consume("late"))).ok).toBe(false);
    expect(limiter.size).toBe(1);
    now = 25_000; // two generations on: nothing open is held any more
    expect((await outcome(limiter.consume("late"))).ok).toBe(true);
    now = 60_000;
    await limiter.consume("other");
    expect(limiter.size).toBe(1);
  });

  it("answers like rate-limiter-flexible's memory limiter for the same requests", async () => {
    const ours = new WindowLimiter({ points: 5, duration: 60 });
    const theirs = new RateLimiterMemory({ points: 5, duration: 60 });
    for (let i = 0; i < 8; i++) {
      const [a, b] = await Promise.all([outcome(ours.consume("k")), outcome(theirs.consume("k"))]);
      expect({ ok: a.ok, remaining: a.remaining }).toEqual({ ok: b.ok, remaining: b.remaining });
      expect(Math.abs(a.msBeforeNext - b.msBeforeNext)).toBeLessThan(1_000);
    }
  });
});
