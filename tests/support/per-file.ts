// A value made once per test file. Most files share their worker's modules with the files before
// them (vitest.config.ts, project "shared"), so a helper's module outlives the file that filled
// it: a world memoised by a helper (a town, a company, sessions) must be made again for each file,
// which expects its own.
import { expect } from "vitest";

export function perFile<T>(make: () => T): () => T {
  let file: string | undefined;
  let value: T;
  return () => {
    const current = expect.getState().testPath;
    if (file === undefined || file !== current) {
      file = current;
      value = make();
    }
    return value;
  };
}
