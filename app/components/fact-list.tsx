import { Fragment, type ReactNode } from "react";

/** One line of a description list; `detail` may carry markup (a link, a code). */
export type FactRow = { term: string; detail: ReactNode };

/**
 * A description list of facts (term, detail): the one markup of a credential's data, on the public
 * verdict, the fiscal's results and the staff page. Rows left out are given as null or false.
 */
export function FactList({ facts, className }: { facts: Array<FactRow | null | false>; className?: string }) {
  return (
    <dl className={className}>
      {facts.map((f) =>
        f ? (
          <Fragment key={f.term}>
            <dt>{f.term}</dt>
            <dd>{f.detail}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}
