import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseDraft } from "~/domain/applications/draft";
import { wizardProgress } from "~/domain/applications/wizard";
import { formatPhone } from "~/domain/br";
import { formatDate } from "~/domain/format";
import { zSubmitApplication } from "~/forms/submission";
import { readForm } from "~/http/csrf.server";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { requireDriverTrustLevel } from "~/http/govbr.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { submissionBlockers, submitApplication } from "~/models/application.server";
import { titularSeenByPreposto } from "~/models/preposto.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { app, result } = await loadOwnApplication(request, params.id);
  const p = app.person!;
  const v = parseDraft(app.draftJson).vehicle;
  return {
    app: {
      id: app.id,
      number: app.number,
      status: app.status,
      municipality: `${app.municipality.name} (${app.municipality.uf})`,
      category: app.category,
      mode: app.mode,
    },
    person: {
      name: p.fullName,
      birthDate: p.birthDate,
      cnh: [p.cnhCategory, p.cnhFirstLicenseDate && `desde ${formatDate(p.cnhFirstLicenseDate)}`]
        .filter(Boolean)
        .join(" "),
      phone: p.phone ? formatPhone(p.phone) : null,
      address: [p.street, p.addressNumber, p.district, p.city, p.uf].filter(Boolean).join(", "),
    },
    vehicle: { plate: v.plate, description: [v.make, v.model, v.colour, v.manufactureYear].filter(Boolean).join(" ") },
    credentials: result.credentials.map((c) => ({ label: c.label, validUntil: c.validUntil })),
    renewal: result.renewal ?? null,
    renewalCredentials: result.credentials,
    blockers: submissionBlockers(result),
    titular: await titularSeenByPreposto(app),
    ...wizardProgress(result),
  };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { user, app } = await loadOwnApplication(request, params.id, "update:application");
  const parsed = parseForm(zSubmitApplication, await readForm(request));
  await requireDriverTrustLevel(request, user, app.id);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await submitApplication(app, actorOf(user, request));
  if (!result.ok) return data({ blockers: result.blockers }, { status: 400 });
  return redirect(`/requerimentos/${app.id}?enviado=1`);
});
