import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { enforcementCitations } from "~/components/back-office/pack-text";
import { cpfView } from "~/domain/auth/cpf-standing";
import { cpfConfirmedAt } from "~/domain/auth/govbr-identity";
import { formatPlate } from "~/domain/br";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { zCredentialStatus } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { requireStaffTrustLevel } from "~/http/govbr.server";
import { describeHistory } from "~/http/history-view.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { may, requireStaffRecord } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { credentialForStaff } from "~/models/reports.server";
import { credentialHistory } from "~/models/review-history.server";
import { activePack } from "~/models/rule-pack.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:credential", credentialForStaff);
  const { municipality, user, record: c } = staff;
  const [history, pack] = await Promise.all([credentialHistory(c.id), activePack(municipality)]);
  const can = may(user, municipality.id, "enforce:credential", "read:application", "read:infraction");
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    credential: {
      id: c.id,
      serial: c.serial,
      type: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type,
      category: CATEGORY_LABELS[c.category] ?? c.category,
      status: c.status,
      holder:
        c.holderPerson?.fullName ?? c.holderOperator?.tradeName ?? c.holderOperator?.legalName ?? c.holderDisplayName,
      holderDoc: c.holderOperator && !c.holderPerson ? `CNPJ ${c.holderOperator.cnpj}` : null,
      // The holder's CPF and whether gov.br proved it (ADR 054).
      cpf: c.holderPerson ? cpfView(c.holderPerson.cpf, cpfConfirmedAt(c.holderPerson.cpf, c.holderPerson.user)) : null,
      plate: c.plate ? formatPlate(c.plate) : null,
      vehicle: c.vehicle ? [c.vehicle.make, c.vehicle.model, c.vehicle.colour].filter(Boolean).join(" ") : null,
      operatorName: c.operatorName,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      suspendedUntil: c.suspendedUntil,
      statusReason: c.statusReason,
      statusCitation: c.statusCitation,
      issuedAt: c.issuedAt.toISOString(),
      kid: c.kid,
      application: c.application,
      supersededBy: c.supersededBy,
      keyRevoked: c.keyStatus === "REVOKED",
      siblings: c.siblings.map((s) => ({ ...s, type: CREDENTIAL_TYPE_LABELS[s.type] ?? s.type })),
    },
    history: describeHistory(history, {
      timeZone: municipality.timeZone,
      infraction: (code) => pack.infractions.catalogue.find((i) => i.code === code)?.description ?? code,
    }),
    citations: enforcementCitations(pack),
    can: {
      enforce: can["enforce:credential"],
      application: can["read:application"],
      infractions: can["read:infraction"],
    },
    today: today(new Date(), municipality.timeZone),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "enforce:credential", credentialForStaff);
  const { municipality, actor, user, record: c } = staff;
  const form = await readForm(request);
  if (form.get("intent") !== "reinstate") await requireStaffTrustLevel(request, user, municipality.id);
  const parsed = parseForm(zCredentialStatus, form);
  if (!parsed.ok)
    return data(
      {
        intent: String(form.get("intent")),
        errors: parsed.errors,
        values: parsed.values,
        error: null as string | null,
      },
      { status: 400 },
    );
  const input = parsed.data;
  if (input.intent === "suspend" && input.until < today(new Date(), municipality.timeZone)) {
    return data(
      {
        intent: input.intent,
        errors: { until: "A suspensão deve terminar hoje ou depois." } as Record<string, string | undefined>,
        values: parsed.data as Record<string, string>,
        error: null,
      },
      { status: 400 },
    );
  }
  try {
    await changeCredentialStatus(
      c.id,
      municipality.id,
      input.intent,
      {
        reason: input.reason,
        citation: input.citation || null,
        until: input.intent === "suspend" ? input.until : null,
      },
      actor,
    );
  } catch (e) {
    return refusedForm(e, {
      intent: input.intent,
      errors: {} as Record<string, string | undefined>,
      values: {} as Record<string, string>,
    });
  }
  return redirect(`/m/${municipality.slug}/credenciais/${c.id}?ok=${input.intent}`);
});
