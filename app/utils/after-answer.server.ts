// Work started after the answer, so neither the answer nor its timing reveals what it finds (issue
// #35: a reset took 26.5 ms for an existing account, 17.7 ms for an unknown one). Not durable: a
// crash loses it and the person asks again. Failures are logged without personal data.
import { redactPersonalData } from "~/domain/jobs/redact";

const running = new Set<Promise<void>>();

/** Starts `work` after the current answer; `label` names it in the log if it fails. */
export function afterAnswer(label: string, work: () => Promise<unknown>): void {
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (e: unknown) => {
        const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        console.error(`${label} falhou: ${redactPersonalData(message, 300)}`);
      },
    )
    .finally(() => running.delete(done));
  running.add(done);
}

/** Resolves once every piece of work started so far (and any it started) has ended. */
export async function answeredWorkDone(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}
