import { FactList } from "~/components/fact-list";
import { credentialFacts } from "~/domain/credentials/facts";
import { formatInstant } from "~/domain/format";
import type { OfflineResult } from "./offline-verify";
import { VerdictBanner } from "./verdict-banner";

/** "há 5 min", "há 2 h 10 min", "há 3 dias". */
export function ageText(fromSeconds: number, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() / 1000 - fromSeconds) / 60));
  if (minutes < 1) return "agora há pouco";
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `há ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  return `há ${Math.floor(hours / 24)} dias`;
}

/** An instant (epoch seconds) on the municipality's clock. */
export const timeBr = (seconds: number, timeZone: string) => formatInstant(new Date(seconds * 1000), timeZone);

/** The verdict reached on the phone, saying plainly that it is offline and how old the status list is. */
export function OfflineResultView({
  result,
  now,
  timeZone,
  focusKey,
}: {
  result: OfflineResult;
  now: Date;
  timeZone: string;
  focusKey?: unknown;
}) {
  const c = result.claims;
  return (
    <>
      <VerdictBanner verdict={result.verdict} reason={result.reason} mode="offline" focusKey={focusKey} />
      {c && result.verdict !== "INVALID" ? (
        <section className="cartao" aria-label="Dados assinados da credencial">
          <FactList
            className="dados"
            facts={credentialFacts(c, ["holder", "registration", "category", "document", "plate", "validity"])}
          />
        </section>
      ) : null}
      {result.statusList ? (
        <p className={`aviso ${result.statusList.stale ? "atencao" : ""}`}>
          Situação conferida na lista de suspensas e cassadas emitida em {timeBr(result.statusList.issuedAt, timeZone)}{" "}
          ({ageText(result.statusList.issuedAt, now)}).
          {result.statusList.stale
            ? " A lista passou do prazo de validade: suspensões e cassações recentes podem não constar."
            : null}
        </p>
      ) : result.verdict !== "INVALID" && result.verdict !== "UNCONFIRMED" ? (
        <p className="aviso atencao">
          Não há lista de situação do município neste aparelho: suspensão e cassação não foram conferidas.
        </p>
      ) : null}
      <p className="dica">
        Conferido neste aparelho, sem conexão, em {formatInstant(now, timeZone)}: assinatura digital e validade. Repita
        a consulta quando houver sinal para ver a situação atual e os dados completos.
      </p>
    </>
  );
}

/** A typed code offline: no signature to check, so the verdict says what the status list says, and no more. */
export function OfflineTypedView({
  serial,
  listed,
  listAt,
  now,
  timeZone,
  focusKey,
}: {
  serial: string;
  listed: "SUSPENDED" | "REVOKED" | null;
  listAt: number | null;
  now: Date;
  timeZone: string;
  focusKey?: unknown;
}) {
  const explanation =
    listAt === null
      ? `Código ${serial}: sem conexão e sem lista de situação neste aparelho, nada pôde ser conferido. Leia o QR code ou consulte quando houver sinal.`
      : listed === "REVOKED"
        ? `O código ${serial} consta como CASSADO na lista de situação do município.`
        : listed === "SUSPENDED"
          ? `O código ${serial} consta como SUSPENSO na lista de situação do município.`
          : `O código ${serial} não consta entre as suspensas e cassadas, mas sem conexão só o QR code confirma que a credencial é autêntica.`;
  return (
    <>
      <VerdictBanner verdict={listed ?? "UNCONFIRMED"} mode="offline" explanation={explanation} focusKey={focusKey} />
      {listAt !== null ? (
        <p className="aviso">
          Lista de suspensas e cassadas emitida em {timeBr(listAt, timeZone)} ({ageText(listAt, now)}).
        </p>
      ) : null}
      <p className="dica">
        Sem conexão, um código digitado não pode ser conferido: só o QR code traz a assinatura digital. Leia o QR code
        ou consulte quando houver sinal.
      </p>
    </>
  );
}
