import type { LoaderFunctionArgs } from "@remix-run/node";
import { type BatchView } from "~/components/wallet/credential-batch";
import { renewalWindow } from "~/domain/credentials/renewal-window";
import { type CredentialStatus, verdictFor } from "~/domain/credentials/status";
import { daysBetween } from "~/domain/eligibility/calendar";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { today } from "~/models/application.server";
import { penaltyNotices } from "~/models/credentials/penalty-notice.server";
import { credentialsOfUser } from "~/models/credentials/read.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";

/** The credential a batch is renewed and shown on the phone by: the badge, else the first that is not the seal. */
const principalOf = <T extends { type: string }>(items: T[]): T =>
  items.find((c) => c.type === "CRACHA") ?? items.find((c) => c.type !== "SELO_VISTORIA") ?? items[0];

/** The order of a batch's PDFs: what the driver carries first, the vehicle's seal last. */
const ORDER = ["CRACHA", "CERTIFICADO", "AUTORIZACAO_TRANSITO", "SELO_VISTORIA"];

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:credential");
  const instant = new Date();
  const weekAgo = new Date(instant.getTime() - 7 * 86_400_000);
  const { credentials, checkCount } = await credentialsOfUser(user.id, weekAgo);
  // Why a credential is suspended or revoked, until when and how to appeal (issue #29).
  const notices = await penaltyNotices(credentials);
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
