import { useCallback, useEffect, useRef, useState } from "react";
import {
  enqueue,
  type FlushOutcome,
  flushQueue,
  listQueue,
  queueAvailable,
  type QueuedInfraction,
  removeItem,
} from "./infraction-queue";

const RETRY_MS = 30_000;

/** The phone's queue of autos: sent when online, retried every 30 s while anything is pending. */
export function useInfractionQueue(csrf: string) {
  const [items, setItems] = useState<QueuedInfraction[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const csrfRef = useRef(csrf);
  csrfRef.current = csrf;

  const refresh = useCallback(async () => {
    if (queueAvailable()) setItems(await listQueue());
  }, []);

  const flush = useCallback(async (): Promise<FlushOutcome | null> => {
    if (!queueAvailable() || !navigator.onLine) return null;
    const outcome = await flushQueue(csrfRef.current);
    await refresh();
    setProblem(
      outcome.stopped === "login"
        ? "Sua sessão terminou: entre de novo no portal para enviar os autos guardados neste aparelho."
        : outcome.stopped === "server"
          ? "O servidor não aceitou o envio agora; nova tentativa em instantes."
          : null,
    );
    return outcome;
  }, [refresh]);

  useEffect(() => {
    void refresh().then(flush);
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener("online", onOnline);
      window.clearInterval(timer);
    };
  }, [flush, refresh]);

  const add = useCallback(
    async (item: Omit<QueuedInfraction, "state" | "queuedAt">) => {
      await enqueue(item);
      await refresh();
      const outcome = await flush();
      return outcome?.sent.find((s) => s.clientRef === item.clientRef) ?? null;
    },
    [flush, refresh],
  );

  const discard = useCallback(
    async (clientRef: string) => {
      await removeItem(clientRef);
      await refresh();
    },
    [refresh],
  );

  return { items, add, discard, flush, problem, available: queueAvailable };
}
export type InfractionQueue = ReturnType<typeof useInfractionQueue>;
