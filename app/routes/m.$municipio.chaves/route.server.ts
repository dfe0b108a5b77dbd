import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { REVOKE_CONFIRMATION, zRevokeKey, zRotateKey } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { requireStaffTrustLevel } from "~/http/govbr.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { listAuditEvents } from "~/models/audit-log.server";
import { credentialsInForceByKid } from "~/models/reports.server";
import { listKeys, revokeKey, rotateKey } from "~/models/signing-key.server";
import { formValues, parseForm } from "~/utils/forms";

const ACTION: Record<string, string> = {
  "signing_key.create": "Chave criada",
  "signing_key.rotate": "Chave trocada por uma nova",
  "signing_key.retire": "Chave aposentada",
  "signing_key.revoke": "Chave revogada",
};
/** A short name for a key in headings: the end of its kid. */
const shortKid = (kid: string) => kid.slice(-6);

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:signing-key");
  const [keys, inForce, events] = await Promise.all([
    listKeys(municipality.id),
    credentialsInForceByKid(municipality.id),
    listAuditEvents({ municipalityId: municipality.id, subjectType: "SigningKey" }, 30),
  ]);
  const kidOf = new Map(keys.map((k) => [k.id, k.kid]));
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    keys: keys.map((k) => ({
      kid: k.kid,
      status: k.status,
      createdAt: k.createdAt.toISOString(),
      retiredAt: k.retiredAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
      revokedReason: k.revokedReason,
      lastExpiry: k.lastExpiry,
      inForce: inForce[k.kid] ?? 0,
      short: shortKid(k.kid),
    })),
    events: events.map((e) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      who: e.actorName,
      action: ACTION[e.action] ?? e.action,
      kid: kidOf.get(e.subjectId) ?? "—",
    })),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, user, actor } = await requireStaff(request, params.municipio, "manage:signing-key");
  const form = await readForm(request);
  // Rotating and revoking need the level the municipality sets for staff's sensitive acts (ADR 053).
  await requireStaffTrustLevel(request, user, municipality.id);
  const base = `/m/${municipality.slug}/chaves`;
  if (form.get("intent") === "rotate") {
    const parsed = parseForm(zRotateKey, form);
    if (!parsed.ok)
      return data(
        { intent: "rotate", kid: null as string | null, errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    await rotateKey(municipality.id, actor);
    return redirect(`${base}?ok=rotacao`);
  }
  const parsed = parseForm(zRevokeKey, form);
  const kid = String(form.get("kid") ?? "");
  if (!parsed.ok) return data({ intent: "revoke", kid, errors: parsed.errors, values: parsed.values }, { status: 400 });
  if (parsed.data.typed.toUpperCase() !== REVOKE_CONFIRMATION) {
    return data(
      {
        intent: "revoke",
        kid,
        errors: { typed: `Digite ${REVOKE_CONFIRMATION} para confirmar.` } as Record<string, string | undefined>,
        values: formValues(form),
      },
      { status: 400 },
    );
  }
  try {
    await revokeKey(municipality.id, parsed.data.kid, parsed.data.reason, actor);
  } catch (e) {
    return refusedForm(e, {
      intent: "revoke",
      kid,
      errors: {} as Record<string, string | undefined>,
      values: formValues(form),
    });
  }
  return redirect(`${base}?ok=revogada`);
});
