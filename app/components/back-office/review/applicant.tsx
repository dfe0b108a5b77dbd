// The review screen's "Requerente e veículo" card: who applies, with what vehicle, for which company.
import { Fragment } from "react";
import { Cpf } from "~/components/back-office/cpf";
import { PrepostoTitular } from "~/components/back-office/preposto-titular";
import { formatDate } from "~/domain/format";
import type { ReviewScreenData } from "~/http/review-screen.server";

type Props = Pick<ReviewScreenData, "person" | "vehicle" | "titular" | "link"> & { timeZone: string };

export function ApplicantCard({ person, vehicle, titular, link, timeZone }: Props) {
  return (
    <section className="cartao" aria-labelledby="requerente">
      <h2 id="requerente">Requerente e veículo</h2>
      <dl className="bo-dados">
        <dt>Nome</dt>
        <dd>{person?.fullName ?? "—"}</dd>
        <dt>CPF</dt>
        <dd>{person ? <Cpf view={person.cpfView} timeZone={timeZone} /> : "—"}</dd>
        <dt>Nascimento</dt>
        <dd>{person?.birthDate ? formatDate(person.birthDate) : "—"}</dd>
        <dt>CNH</dt>
        <dd>{person?.cnh ?? "—"}</dd>
        <dt>Endereço</dt>
        <dd>
          {person?.address ?? "—"}
          {person?.residenceHere === false ? " (fora do município)" : ""}
        </dd>
        <dt>Contato</dt>
        <dd>{[person?.email, person?.phone].filter(Boolean).join(" · ") || "—"}</dd>
        {person?.bloodType ? (
          <>
            <dt>Tipo sanguíneo</dt>
            <dd>{person.bloodType}</dd>
          </>
        ) : null}
        <dt>Placa</dt>
        <dd>{vehicle.plate ?? "—"}</dd>
        <dt>Veículo</dt>
        <dd>{vehicle.description ?? "—"}</dd>
        {vehicle.facts.map((f) => (
          <Fragment key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </Fragment>
        ))}
        {vehicle.controlNumber ? (
          <>
            <dt>Nº de controle</dt>
            <dd>{vehicle.controlNumber}</dd>
          </>
        ) : null}
        {titular ? <PrepostoTitular titular={titular} timeZone={timeZone} /> : null}
        {link ? (
          <>
            <dt>Empresa</dt>
            <dd>
              {link.operatorName} —{" "}
              <span className={`selo ${link.status === "ACTIVE" ? "ok" : "falha"}`}>{link.statusLabel}</span>
              {link.since ? ` desde ${formatDate(link.since)}` : ""}
              {link.status === "ACTIVE" && link.dataSentOn
                ? `; dados do motorista enviados à Prefeitura em ${formatDate(link.dataSentOn)}`
                : ""}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
