// Sizes the house keeps (issue #32): no function over 120 lines anywhere in app/, no route module
// over 250 and no model over 300 — with no allow-list: a long route or model is split, always.
import ts from "typescript";
import { lineCount } from "./file-length";
import type { SourceTree, Violation } from "./rules";

export const MAX_FUNCTION_LINES = 120;

const isFunction = (node: ts.Node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessor(node) ||
  ts.isSetAccessor(node);

/** Every function, arrow or method whose text spans more than `max` lines (nested code included). */
export function longFunctions(tree: SourceTree, max = MAX_FUNCTION_LINES): Violation[] {
  return tree.paths("app/").flatMap((file) => {
    const source = tree.source(file);
    const found: Violation[] = [];
    const visit = (node: ts.Node): void => {
      if (isFunction(node)) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        if (last - first + 1 > max)
          found.push({
            file,
            line: first,
            message:
              `${file}:${first} is a function of ${last - first + 1} lines (over ${max}): split it into named ` +
              `steps (a component, a helper, a view-model) that each say what they do.`,
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

export const LAYER_LIMITS = [
  {
    folder: "app/routes/",
    max: 250,
    what: "a route module",
    instead: "move panels into components and server code into route.server.ts or a model",
  },
  {
    folder: "app/models/",
    max: 300,
    what: "a model",
    instead: "split it by reason to change (read, write, one aggregate per file)",
  },
] as const;

export function layerFileLengths(tree: SourceTree): Violation[] {
  return LAYER_LIMITS.flatMap(({ folder, max, what, instead }) =>
    tree.paths(folder).flatMap((file) => {
      const lines = lineCount(tree.files.get(file) ?? "");
      if (lines <= max) return [];
      return [{ file, line: max + 1, message: `${file} has ${lines} lines, over ${max} for ${what}: ${instead}.` }];
    }),
  );
}

export const sizeRules = {
  "no function passes 120 lines": longFunctions,
  "no route passes 250 lines, no model 300": layerFileLengths,
} satisfies Record<string, (tree: SourceTree) => Violation[]>;
