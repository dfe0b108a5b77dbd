// Work a request starts and does not wait for, so that neither its answer nor how long the answer
// takes can depend on what the work finds (issue #35: a password reset took 26.5 ms for an
// existing account and 17.7 ms for an unknown one — the difference was the mail written for the
// account). The route answers at once; the work starts after the answer is on its way
// (setImmediate: after the render's promise chain), looks the account up and does what it finds.
//
// Not durable: a crash between the answer and the work loses it (a reset e-mail, a sign-up), and
// the person asks again. The work's failures are logged without personal data.
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
