// The gov.br DS tokens the portal loads (ADR 032) are a generated subset of the DS's tokens file:
// the file is current (what the generator writes from today's CSS), every custom property the
// portal's CSS or the DS components it loads read is defined, and the subset drops what is unused.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DS_TOKENS, TOKENS_FILE, tokenSources } from "~/commands/govbr-token-sources";
import { definedProperties, subsetTokens, tokenDeclarations, usedProperties } from "~/styles/token-subset";

const full = readFileSync(DS_TOKENS, "utf8");
const subset = readFileSync(TOKENS_FILE, "utf8");
const sources = tokenSources();

describe("the DS tokens subset", () => {
  it("is what `npm run styles:tokens` writes from the current CSS", () => {
    expect(subset, "rode `npm run styles:tokens` e faça commit de app/styles/govbr-tokens.css").toBe(
      subsetTokens(
        full,
        sources.map((s) => s.text),
      ),
    );
  });

  it("defines every custom property the portal reads without a fallback", () => {
    const missingWith = (tokens: string) => {
      const defined = new Set([
        ...definedProperties(tokens),
        ...sources.flatMap((s) => [...definedProperties(s.text)]),
      ]);
      return sources
        .filter((s) => s.path.endsWith(".css"))
        .flatMap((s) =>
          [...s.text.matchAll(/var\(\s*(--[\w-]+)\s*\)/g)]
            .map((m) => m[1])
            .filter((name) => !defined.has(name))
            .map((name) => `${s.path.replace(/^.*node_modules\//, "")}: ${name}`),
        );
    };
    // The DS's own CSS reads two properties its tokens never define (a typo, and a tag colour
    // meant to be set by the page); the same with the full file, so not lost by the cut.
    expect(missingWith(subset)).toEqual([
      "@govbr-ds/core/dist/components/message/message.min.css: --font-weigth-regular",
      "@govbr-ds/core/dist/components/tag/tag.min.css: --bg-color",
    ]);
    expect(missingWith(subset)).toEqual(missingWith(full));
    // The check can fail: without the tokens, the portal's own CSS reads undefined properties.
    expect(missingWith(":root{}").filter((m) => m.startsWith("app/")).length).toBeGreaterThan(50);
  });

  it("keeps a token only if something reads it, and the tokens it refers to", () => {
    const read = new Set(sources.flatMap((s) => [...usedProperties(s.text)]));
    const kept = tokenDeclarations(subset);
    for (const { value } of kept) for (const name of usedProperties(value)) read.add(name);
    expect(kept.filter((d) => !read.has(d.name))).toEqual([]);
    expect(kept.length).toBeLessThan(tokenDeclarations(full).length / 3);
    expect(subset.length).toBeLessThan(full.length / 4);
  });

  it("follows a token's references and drops the rest", () => {
    const tokens = ":root{--a:#fff;--b:var(--a);--c:1px;--d:var(--c)}";
    const out = subsetTokens(tokens, [".x{color:var(--b)}"]);
    expect(out).toContain(":root{--a:#fff;--b:var(--a)}");
    expect(out).not.toContain("--c");
  });
});
