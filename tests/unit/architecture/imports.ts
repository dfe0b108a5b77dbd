// Reads a source file's imports with the TypeScript compiler's parser (no type checking, no
// program): static imports and re-exports, `import x = require()`, dynamic `import()` and
// `require()`, and `import("…")` types. Each is marked type-only when nothing of it survives
// compilation, so a rule can tell "needs the module at run time" from "borrows a type".
import path from "node:path";
import ts from "typescript";

export type Import = {
  specifier: string;
  typeOnly: boolean;
  line: number;
  /** `import()` or `require()` in code: the module loads when that line runs, not with the file. */
  lazy?: boolean;
};

/** Where an import leads: a file of this repository (posix path from the root) or a package. */
export type Target = { kind: "file"; path: string } | { kind: "package"; name: string };

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.[cm]?jsx?$/.test(fileName)) return fileName.endsWith("x") ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
}

// `import { type A, type B } from "x"` is erased like `import type { A, B }`; a default or
// namespace binding, or any plain name, keeps the module.
function importIsTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import "x"` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly);
}

export function importsOf(source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  const add = (literal: ts.Expression | undefined, typeOnly: boolean, lazy = false) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier: literal.text, typeOnly, line, ...(lazy ? { lazy } : {}) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importIsTypeOnly(node.importClause));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, exportIsTypeOnly(node));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(callee) && callee.text === "require";
      if (dynamic || required) add(node.arguments[0], false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".json"];

/**
 * Resolves a specifier the way the compiler and Vite do here: `~/` is `app/`, relative paths
 * are relative to the importing file, a missing extension or `/index` is tried, and `.js` may
 * name a `.ts` file. An unresolved relative path is still returned as a file path (the rules
 * judge it by where it points); anything else is a package.
 */
export function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): Target {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier === "." || specifier === ".." || /^\.\.?\//.test(specifier))
    base = path.posix.join(path.posix.dirname(from), specifier);
  else return { kind: "package", name: specifier };
  const stem = base.replace(/\.[cm]?jsx?$/, "");
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return { kind: "file", path: candidates.find(exists) ?? base };
}

/** The package a bare specifier belongs to: `@scope/name` or `name` (`node:` built-ins whole). */
export function packageName(specifier: string): string {
  if (specifier.startsWith("node:")) return specifier;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

// A name used as a value or a type, not as a property or member name (`x.Response`,
// `{ Response: 1 }`, `interface { Request: … }` do not refer to the global).
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isEnumMember(parent) ||
      ts.isGetAccessor(parent) ||
      ts.isSetAccessor(parent)) &&
    parent.name === node
  )
    return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  return !ts.isJsxAttribute(parent);
}

/** Lines where one of `names` is referred to (code only: comments and strings do not count). */
export function mentions(source: ts.SourceFile, names: readonly string[]): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && names.includes(node.text) && isReference(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ name: node.text, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
