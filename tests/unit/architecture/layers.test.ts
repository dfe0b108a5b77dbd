// The layer map of docs/architecture.md, checked on the repository's own files. Each failure
// names the file, the line, the import and what to do instead.
import { describe, expect, it } from "vitest";
import { boundaryRules } from "./boundaries";
import { noImportCircles } from "./circles";
import { fileLengthViolations } from "./file-length";
import { longFiles } from "./long-files";
import { layerRules, SourceTree, type Violation } from "./rules";
import { sizeRules } from "./sizes";
import { readTree } from "./tree";

const files = readTree();
const tree = new SourceTree(files);
const messages = (violations: Violation[]) => violations.map((v) => v.message);

describe("the layers", () => {
  it.each(Object.entries({ ...layerRules, ...boundaryRules }))("%s", (_name, rule) => {
    expect(messages(rule(tree))).toEqual([]);
  });

  it("see the files they check (the tree was read)", () => {
    expect(tree.paths("app/routes/").length).toBeGreaterThan(50);
    expect(tree.paths("app/components/").length).toBeGreaterThan(20);
    expect(tree.paths("app/models/").length).toBeGreaterThan(20);
    expect(tree.paths("app/domain/").length).toBeGreaterThan(20);
  });
});

describe("sizes", () => {
  it.each(Object.entries(sizeRules))("%s", (_name, rule) => {
    expect(messages(rule(tree))).toEqual([]);
  });
});

describe("file length", () => {
  it("no file passes 300 formatted lines unless long-files.ts says why, and no entry there is stale", () => {
    expect(messages(fileLengthViolations(files, longFiles))).toEqual([]);
  });
});

describe("import circles", () => {
  it("app/ has none but those circles.ts lists with what breaks them, and none listed is gone", () => {
    expect(messages(noImportCircles(tree))).toEqual([]);
  });
});
