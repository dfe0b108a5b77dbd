// Import circles in app/ (issue #32): files that, through the imports they need at load time,
// end up importing themselves. A circle makes load order matter (a value read before its module
// ran is undefined), and says two rooms are one. Type-only imports are erased and do not count;
// a lazy `import()` loads when it runs, after every file has loaded, and does not count either.
import type { SourceTree, Violation } from "./rules";

/**
 * Circles allowed for now, each with what breaks it (none today). An entry goes when its circle is
 * broken; a circle that grows, shrinks or appears fails the check until this list says so.
 */
export const knownCircles: ReadonlyArray<{ files: readonly string[]; toBreak: string }> = [];

/** The strongly connected components of app/'s load-time import graph with more than one file (or a self-import). */
export function importCircles(tree: SourceTree): string[][] {
  const files = tree.paths("app/");
  const edges = new Map(
    files.map((file) => [
      file,
      tree
        .imports(file)
        .filter((i) => !i.typeOnly && !i.lazy && i.target.kind === "file" && i.target.path.startsWith("app/"))
        .map((i) => (i.target as { path: string }).path),
    ]),
  );
  // Tarjan's algorithm, iterative over the files and recursive over the imports (app/ is shallow).
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

export function noImportCircles(tree: SourceTree, known = knownCircles): Violation[] {
  const key = (files: readonly string[]) => [...files].sort().join(" → ");
  const found = importCircles(tree);
  const foundKeys = new Set(found.map(key));
  const knownKeys = new Set(known.map((c) => key(c.files)));
  return [
    ...found
      .filter((c) => !knownKeys.has(key(c)))
      .map((c) => ({
        file: c[0],
        line: 1,
        message: `import circle: ${key(c)} — import in one direction only (move what both need into a third file), or pass a function in`,
      })),
    ...known
      .filter((c) => !foundKeys.has(key(c.files)))
      .map((c) => ({
        file: c.files[0],
        line: 1,
        message: `circles.ts lists a circle that is gone or changed: ${key(c.files)} — remove or update its entry`,
      })),
  ];
}
