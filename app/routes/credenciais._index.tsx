import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { credentialsOfUser } from "~/models/credentials/read.server";
import { holderNotices } from "~/models/credentials/notice.server";
import { today } from "~/models/application.server";
import { verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { renewalWindow } from "~/domain/credentials/renewal-window";
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { daysBetween } from "~/domain/eligibility/calendar";
import { formatDate, formatDays } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";
import { CredentialBatch, type BatchView } from "~/components/wallet/credential-batch";
import styles from "~/components/wallet/wallet.css";

/** The credential a batch is renewed and shown on the phone by: the badge, else the first that is not the seal. */
const principalOf = <T extends { type: string }>(items: T[]): T =>
  items.find((c) => c.type === "CRACHA") ?? items.find((c) => c.type !== "SELO_VISTORIA") ?? items[0];

/** The order of a batch's PDFs: what the driver carries first, the vehicle's seal last. */
const ORDER = ["CRACHA", "CERTIFICADO", "AUTORIZACAO_TRANSITO", "SELO_VISTORIA"];

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:credential");
  const instant = new Date();
  const weekAgo = new Date(instant.getTime() - 7 * 86_400_000);
  const { credentials, checkCount } = await credentialsOfUser(user.id, weekAgo);
  // Why a credential is suspended or revoked, until when and how to appeal (issue #29).
  const notices = await holderNotices(credentials);
  // One batch per issuing application: the crachá, the certificate and the seal issued together.
  const batches = new Map<string, BatchView>();
  for (const c of credentials) {
    const now = today(instant, c.municipality.timeZone);
    const status = c.status as CredentialStatus;
    const item = {
      id: c.id,
      serial: c.serial,
      code: typedCodeFor(c.serial),
      type: c.type,
      category: c.category,
      status: c.status,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      verdict: verdictFor({ status, validFrom: c.validFrom, validUntil: c.validUntil }, now),
      daysLeft: daysBetween(now, c.validUntil),
      checkedThisWeek: checkCount.get(c.id) ?? 0,
      notice: notices.get(c.id) ?? null,
      today: now,
    };
    const key = c.applicationId ?? c.id;
    const batch = batches.get(key) ?? {
      key,
      category: c.category,
      municipality: `${c.municipality.name} (${c.municipality.uf})`,
      items: [],
      walletId: null,
      renewal: null,
    };
    batch.items.push(item);
    batches.set(key, batch);
  }
  for (const batch of batches.values()) {
    batch.items.sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
    const principal = principalOf(batch.items);
    const window = renewalWindow(principal, principal.today);
    batch.walletId = ["SUPERSEDED", "REVOKED"].includes(principal.verdict) ? null : principal.id;
    batch.renewal = window.open
      ? { id: principal.id, opensOn: null }
      : window.reason === "too_early"
        ? { id: principal.id, opensOn: window.opensOn }
        : null;
  }
  return { batches: [...batches.values()] };
});

export default function MyCredentials() {
  const { batches } = useLoaderData<typeof loader>();
  const expiring = batches.flatMap((b) => b.items).filter((c) => c.verdict === "VALID" && c.daysLeft <= 60);
  return (
    <>
      <h1>Minhas credenciais</h1>
      {expiring.map((c) => (
        <div key={c.id} className="aviso atencao" role="status">
          {CREDENTIAL_TYPE_LABELS[c.type]} {c.serial} vence em {formatDate(c.validUntil)} (
          {c.daysLeft === 0 ? "hoje" : `daqui a ${formatDays(c.daysLeft)}`}). Renove a tempo.
        </div>
      ))}
      {batches.length === 0 ? (
        <p>
          Nenhuma credencial emitida ainda. Acompanhe seus <Link to="/requerimentos">requerimentos</Link>.
        </p>
      ) : null}
      {batches.length ? (
        <p>
          Indicou um preposto? Os documentos que a lei pede ao titular são enviados em{" "}
          <Link to="/prepostos">Prepostos</Link>.
        </p>
      ) : null}
      <div className="grade">
        {batches.map((b) => (
          <CredentialBatch key={b.key} batch={b} />
        ))}
      </div>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Minhas credenciais — Portal de Credenciamento" }];
