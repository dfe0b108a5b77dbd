// What the scanner shows for a reading: online, the fiscal view; offline, a verdict from the phone.
import { useCallback, useEffect, useState } from "react";
import { statusOf } from "~/credentials/status-list";
import { type OfflineResult, type OfflineTrust, verifyOffline } from "./offline-verify";
import { fiscalViewUrl, parseScan, WHOLE_CODE_ASKED } from "./qr-text";
import type { useOfflineTrust } from "./use-offline-trust";

// `at`: when it was read — each reading moves focus to its verdict, even the same code twice.
type Shown =
  | { kind: "token"; result: OfflineResult; at: number }
  | { kind: "serial"; serial: string; listed: "SUSPENDED" | "REVOKED" | null; listAt: number | null; at: number };

export function useOfflineReading(opts: {
  trust: ReturnType<typeof useOfflineTrust>;
  municipality: OfflineTrust["municipality"];
  timeZone: string;
  typedError: string | null;
}) {
  const { trust, municipality, timeZone } = opts;
  const [shown, setShown] = useState<Shown | null>(null);
  const [scanError, setScanError] = useState<string | null>(opts.typedError);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const handle = useCallback(
    async (text: string, forceOffline = false) => {
      setScanError(null);
      const target = parseScan(text);
      if (target.kind === "invalid") {
        setShown(null);
        setScanError("Não é o QR code nem o código de uma credencial do portal. Confira ou digite o código impresso.");
        return;
      }
      if (target.kind === "serial") {
        setShown(null);
        setScanError(WHOLE_CODE_ASKED);
        return;
      }
      const url = fiscalViewUrl(target);
      if (url && navigator.onLine && !forceOffline) {
        window.location.assign(url);
        return;
      }
      const at = new Date();
      setNow(at);
      if (target.kind === "token") {
        const result = await verifyOffline(
          target.token,
          { jwks: trust.jwks, municipality, statusList: trust.statusList, timeZone: timeZone },
          at,
        );
        setShown({ kind: "token", result, at: at.getTime() });
      } else {
        const list = trust.statusList?.list ?? null;
        setShown({
          kind: "serial",
          serial: target.serial,
          listed: list ? statusOf(list, target.serial) : null,
          listAt: list?.issuedAt ?? null,
          at: at.getTime(),
        });
      }
    },
    [trust.jwks, trust.statusList, municipality, timeZone],
  );

  // The service worker sends an offline navigation to a fiscal view back here with ?t=<token>.
  useEffect(() => {
    if (!trust.loaded) return;
    const token = new URL(window.location.href).searchParams.get("t");
    if (!token) return;
    window.history.replaceState(null, "", "/fiscal");
    void handle(token, true);
  }, [trust.loaded, handle]);

  return { shown, scanError, now, handle };
}
