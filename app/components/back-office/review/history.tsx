// The review screen's histories: the application's, and the driver's in the town when it says more.
import { Timeline } from "~/components/timeline";
import type { ReviewScreenData } from "~/http/review-screen.server";

type Props = Pick<ReviewScreenData, "history" | "driverHistory"> & { timeZone: string };

export function ReviewHistory({ history, driverHistory, timeZone }: Props) {
  return (
    <section className="cartao bo-painel" aria-labelledby="historico-titulo">
      <h2 id="historico-titulo">Histórico do requerimento</h2>
      <Timeline entries={history} label="Histórico do requerimento" timeZone={timeZone} />
      {driverHistory.length > history.length ? (
        <details>
          <summary>Histórico do condutor no município ({driverHistory.length} eventos)</summary>
          <Timeline entries={driverHistory} label="Histórico do condutor" timeZone={timeZone} newestFirst />
        </details>
      ) : null}
    </section>
  );
}
