import { Fragment, type ReactNode } from "react";

/** One line of a description list; `detail` may carry markup (a link, a code). */
type FactRow = { term: string; detail: ReactNode };

/** The one markup of a credential's data, everywhere; rows left out are null or false. */
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
