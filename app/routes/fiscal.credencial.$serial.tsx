import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { randomBytes } from "node:crypto";
import { useMemo } from "react";
import { municipalitiesWith, requirePermission, userCan } from "~/http/permissions.server";
import { assertCan } from "~/domain/auth/permissions";
import {
  coarseClient,
  isWellFormedToken,
  verifyCredentialSerial,
  verifyCredentialToken,
  type VerdictBody,
} from "~/models/verification.server";
import { normalizeSerial } from "~/domain/credentials/typed-code";
import { credentialScope, fiscalDetail, fiscalHome } from "~/models/fiscal.server";
import { credentialFacts, statusText } from "~/domain/credentials/facts";
import { FactList } from "~/components/fact-list";
import type { loader as rootLoader } from "~/root";
import { AutoForm, QueuedAutos } from "~/components/fiscal/auto-form";
import { localDateTime } from "~/components/fiscal/auto-schema";
import { useAutoQueue } from "~/components/fiscal/use-auto-queue";
import { VerdictBanner } from "~/components/fiscal/verdict-banner";
import { infractionLabel } from "~/components/fiscal/infraction-search";
import fiscalStyles from "~/components/fiscal/fiscal.css";
import { formatDate, formatInstant } from "~/domain/format";
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// The fiscal view of one credential: the public verdict (photo only when reached through the
// signed QR, channel FISCAL in the log) plus what only a fiscal of that municipality sees.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "verify:credential");
  const serial = normalizeSerial(params.serial ?? "");
  // Another municipality's credential answers as an unknown serial: no 403 telling it exists.
  const scope = await credentialScope(serial, municipalitiesWith(user, "verify:credential"));
  if (!scope) throw notFound("Nenhuma credencial com este código.");
  assertCan(user, "verify:credential", { municipalityId: scope.municipalityId });

  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  // After the form without JavaScript: /fiscal/autos/novo redirects here with the number.
  const autoNumber = /^AI-[A-Z0-9]{2,10}-\d{4}-\d{6}$/.test(url.searchParams.get("auto") ?? "")
    ? url.searchParams.get("auto")
    : null;
  const now = new Date();
  const client = coarseClient(request.headers.get("user-agent"));
  let body: VerdictBody;
  if (token !== null) {
    const verified = isWellFormedToken(token)
      ? await verifyCredentialToken(token, { now, channel: "FISCAL", client, withPhoto: true })
      : null;
    // A genuine QR of another credential is not this one: treated as not recognised here.
    body =
      verified && verified.credentialId === scope.id
        ? verified.body
        : { verdict: "INVALID", reason: "not_recognized", checkedAt: now.toISOString() };
  } else {
    body = (await verifyCredentialSerial(serial, { now, channel: "FISCAL", client })).body;
  }
  const recognised = body.verdict !== "INVALID";
  const [detail, home] = recognised
    ? await Promise.all([fiscalDetail(scope.id), fiscalHome(scope.municipalityId)])
    : [null, null];
  const canWrite = recognised && userCan(user, "create:infraction", { municipalityId: scope.municipalityId });
  const photoSent = url.searchParams.get("foto") === "enviada";
  const photoError = url.searchParams.get("foto-erro")?.slice(0, 300) ?? null;
  return {
    serial,
    autoNumber,
    photoSent,
    photoError,
    scanned: token !== null,
    body,
    detail: detail && {
      status: detail.status,
      statusLabel: CREDENTIAL_STATUS_LABELS[detail.status] ?? detail.status,
      statusReason: detail.statusReason,
      statusCitation: detail.statusCitation,
      suspendedUntil: detail.suspendedUntil,
      vehicle: detail.vehicle,
      operator: detail.operator,
      history: detail.statusChanges.map((h) => ({
        ...h,
        at: h.at.toISOString(),
        from: CREDENTIAL_STATUS_LABELS[h.fromStatus] ?? h.fromStatus,
        to: CREDENTIAL_STATUS_LABELS[h.toStatus] ?? h.toStatus,
      })),
      infractions: detail.infractions.map((i) => ({
        id: i.id,
        number: i.number,
        code: i.code,
        class: i.class,
        citation: i.citation,
        occurredAt: i.occurredAt.toISOString(),
        place: i.place,
        status: i.status,
      })),
    },
    catalogue: canWrite && home ? home.catalogue : null,
    clientRef: randomBytes(16).toString("hex"),
    photoRef: randomBytes(16).toString("hex"),
    now: localDateTime(now, scope.municipality.timeZone),
    timeZone: scope.municipality.timeZone,
  };
});

export const links: LinksFunction = () => [{ rel: "stylesheet", href: fiscalStyles }];

export default function FiscalCredential() {
  const data = useLoaderData<typeof loader>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const queue = useAutoQueue(csrf);
  const c = data.body.credential;
  const d = data.detail;
  const names = useMemo(
    () => new Map((data.catalogue ?? []).map((i) => [i.code, infractionLabel(i)])),
    [data.catalogue],
  );
  return (
    <>
      <h1>Credencial {data.serial}</h1>
      {data.autoNumber ? (
        <p className="aviso sucesso" role="status">
          Auto de infração nº {data.autoNumber} registrado.{data.photoSent ? " Foto anexada." : ""}
        </p>
      ) : null}
      {data.photoError ? (
        <p className="aviso erro" role="alert">
          A foto não foi anexada: {data.photoError}
        </p>
      ) : null}
      {/* The verdict takes focus on arrival from the scanner (not after an auto, whose message comes first). */}
      <VerdictBanner
        verdict={data.body.verdict}
        reason={data.body.reason}
        mode="online"
        focusKey={data.autoNumber || data.photoError ? undefined : data.serial}
      />
      {!c ? (
        <section className="cartao">
          <p>
            {data.scanned
              ? "O QR code lido não é autêntico ou não corresponde a esta credencial."
              : "Este código não corresponde a uma credencial em vigor."}
          </p>
          {data.scanned ? (
            <p>
              <Link to={`/fiscal/credencial/${data.serial}`}>Consultar o cadastro pelo código {data.serial}</Link>
            </p>
          ) : null}
        </section>
      ) : (
        <>
          <section className="cartao" aria-labelledby="titular">
            <h2 id="titular">Titular</h2>
            {c.photoUrl ? (
              <img className="foto-fiscal" src={c.photoUrl} alt={`Foto de ${c.holderName}`} width={150} height={200} />
            ) : null}
            <FactList
              className="dados"
              facts={[
                ...credentialFacts(c, ["holder", "registration", "category", "document", "municipality", "validity"]),
                d && {
                  term: "Situação",
                  detail:
                    statusText(d.statusLabel, d.suspendedUntil) +
                    (d.statusReason ? ` — ${d.statusReason}` : "") +
                    (d.statusCitation ? ` (${d.statusCitation})` : ""),
                },
              ]}
            />
            {!c.photoUrl ? (
              <p className="dica">
                {data.scanned
                  ? "Sem foto aceita no cadastro."
                  : "Consulta pelo código digitado: a foto aparece lendo o QR code."}
              </p>
            ) : null}
          </section>
          <div className="grade">
            <section className="cartao" aria-labelledby="veiculo">
              <h2 id="veiculo">Veículo</h2>
              {d?.vehicle ? (
                <FactList
                  className="dados"
                  facts={[
                    { term: "Placa", detail: d.vehicle.plate },
                    {
                      term: "Marca/modelo",
                      detail: [d.vehicle.make, d.vehicle.model].filter(Boolean).join(" ") || "—",
                    },
                    { term: "Cor", detail: d.vehicle.colour ?? "—" },
                    d.vehicle.controlNumber ? { term: "Nº de controle", detail: d.vehicle.controlNumber } : null,
                  ]}
                />
              ) : (
                <p>{c.plate ? `Placa ${c.plate} (sem cadastro de veículo vinculado).` : "Nenhum veículo vinculado."}</p>
              )}
            </section>
            <section className="cartao" aria-labelledby="operadora">
              <h2 id="operadora">Operadora</h2>
              {d?.operator ? (
                <FactList
                  className="dados"
                  facts={[
                    { term: "Nome", detail: d.operator.name },
                    d.operator.cnpj ? { term: "CNPJ", detail: d.operator.cnpj } : null,
                  ]}
                />
              ) : (
                <p>Autônomo: sem operadora vinculada.</p>
              )}
            </section>
          </div>
          <section className="cartao" aria-labelledby="autos-abertos">
            <h2 id="autos-abertos">Autos de infração em aberto</h2>
            {d && d.infractions.length ? (
              <ul className="lista-simples">
                {d.infractions.map((i) => (
                  <li key={i.id}>
                    <strong>{i.number}</strong> · {formatInstant(i.occurredAt, data.timeZone)} ·{" "}
                    {names.get(i.code) ?? `${i.citation} — ${i.code}`}
                    {i.place ? (
                      <>
                        <br />
                        <span className="dica">{i.place}</span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Nenhum auto em aberto.</p>
            )}
          </section>
          <section className="cartao" aria-labelledby="historico">
            <h2 id="historico">Histórico da situação</h2>
            {d && d.history.length ? (
              <ul className="lista-simples">
                {d.history.map((h) => (
                  <li key={h.id}>
                    {formatInstant(h.at, data.timeZone)}: {h.from} → <strong>{h.to}</strong>
                    {h.until ? ` até ${formatDate(h.until)}` : ""}
                    {h.reason ? (
                      <>
                        <br />
                        <span className="dica">
                          {h.reason}
                          {h.citation ? ` (${h.citation})` : ""}
                        </span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Sem mudanças de situação desde a emissão.</p>
            )}
          </section>
          {data.catalogue && data.autoNumber ? (
            <section className="cartao" aria-labelledby="foto-auto">
              <h2 id="foto-auto">Anexar foto ao auto nº {data.autoNumber}</h2>
              <form method="post" action={`/fiscal/autos/${data.autoNumber}/fotos`} encType="multipart/form-data">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="photoRef" value={data.photoRef} />
                <div className="campo">
                  <label htmlFor="foto-avulsa">Foto (JPEG ou PNG)</label>
                  <input
                    id="foto-avulsa"
                    name="foto"
                    type="file"
                    accept="image/jpeg,image/png"
                    capture="environment"
                    required
                  />
                </div>
                <button type="submit" className="botao secundario">
                  Enviar foto
                </button>
              </form>
            </section>
          ) : null}
          {data.catalogue ? (
            <AutoForm
              serial={c.serial}
              holder={c.holderName}
              catalogue={data.catalogue}
              csrf={csrf}
              clientRef={data.clientRef}
              defaultOccurredAt={data.now}
              timeZone={data.timeZone}
              queue={queue}
            />
          ) : null}
          <QueuedAutos queue={queue} serial={c.serial} />
        </>
      )}
      <p>
        <a href="/fiscal" className="botao secundario">
          Nova leitura
        </a>
      </p>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Credencial ${data?.serial ?? ""} — Fiscalização` },
];
