import { ageText, timeBr } from "./offline-result";
import type { useOfflineTrust } from "./use-offline-trust";

/** Whether the phone is online, ready to work offline, and how old its status list is. */
export function DeviceState(props: { trust: ReturnType<typeof useOfflineTrust>; now: Date; timeZone: string }) {
  const { trust, now } = props;
  const list = trust.statusList?.list ?? null;
  return (
    <div className="fiscal-estado" aria-label="Situação do aparelho">
      <span className={`selo ${trust.online ? "ok" : "falha"}`}>{trust.online ? "Conectado" : "Sem conexão"}</span>
      <span className={`selo ${trust.offlineReady ? "ok" : "pendente"}`}>
        {trust.offlineReady ? "Pronto para uso sem conexão" : "Preparando uso sem conexão…"}
      </span>
      <span className={`selo ${list ? (trust.statusList?.ok ? "ok" : "pendente") : "falha"}`}>
        {list
          ? `Lista de situação de ${timeBr(list.issuedAt, props.timeZone)} (${ageText(list.issuedAt, now)})`
          : trust.loaded
            ? "Sem lista de situação"
            : "Carregando lista de situação…"}
      </span>
    </div>
  );
}
