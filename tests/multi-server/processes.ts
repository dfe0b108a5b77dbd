// Child processes for the multi-server tests: start, wait for a line of output, stop.
import { type ChildProcess, spawn } from "node:child_process";

export type Child = {
  proc: ChildProcess;
  output: () => string;
  waitFor: (text: string) => Promise<void>;
  exited: Promise<number | null>;
};

export function startProcess(command: string, args: string[], env: Record<string, string | undefined>): Child {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.filter((w) => out.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  proc.stdout!.on("data", onData);
  proc.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return {
    proc,
    output: () => out,
    exited,
    waitFor: (text) =>
      out.includes(text)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ text, resolve });
            exited.then(() => reject(new Error(`saiu antes de "${text}":\n${out}`)));
          }),
  };
}
