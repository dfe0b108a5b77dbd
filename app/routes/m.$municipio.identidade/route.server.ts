import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { zMunicipalIdentity } from "~/forms/identity";
import { assertCsrf, readForm } from "~/http/csrf.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { receiveUpload } from "~/http/upload.server";
import {
  COAT_OF_ARMS_MAX_BYTES,
  getMunicipalIdentity,
  setCoatOfArms,
  setMunicipalIdentity,
} from "~/models/municipality.server";
import { parseForm } from "~/utils/forms";
import { getStorage } from "~/utils/storage.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:identity");
  const m = await getMunicipalIdentity(municipality.id);
  return {
    municipality: { name: municipality.name, uf: municipality.uf, slug: municipality.slug },
    identity: {
      secretariaName: m.secretariaName ?? "",
      signatoryName: m.signatoryName ?? "",
      signatoryRole: m.signatoryRole ?? "",
      coatOfArms: m.coatOfArmsSha256 ? m.coatOfArmsSha256.slice(0, 12) : null,
    },
    maxKb: Math.round(COAT_OF_ARMS_MAX_BYTES / 1024),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "manage:identity");
  const base = `/m/${municipality.slug}/identidade`;
  // The coat of arms: the one upload path (content checked, size-limited, stored outside public/).
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const upload = await receiveUpload(request, {
      field: "brasao",
      storage: getStorage(),
      imagesOnly: true,
      maxBytes: COAT_OF_ARMS_MAX_BYTES,
      remainingUserBytes: COAT_OF_ARMS_MAX_BYTES,
      maxFields: 2,
      beforeStore: (fields) => assertCsrf(request, fields.csrf ?? null),
    });
    if (!upload.ok)
      return data({ errors: { brasao: upload.message }, values: {}, error: null }, { status: upload.status });
    await setCoatOfArms(municipality.id, upload.file, actor);
    return redirect(`${base}?ok=brasao`);
  }
  const form = await readForm(request);
  if (form.get("intent") === "remove-coat-of-arms") {
    await setCoatOfArms(municipality.id, null, actor);
    return redirect(`${base}?ok=removido`);
  }
  const parsed = parseForm(zMunicipalIdentity, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, error: null }, { status: 400 });
  await setMunicipalIdentity(municipality.id, parsed.data, actor);
  return redirect(`${base}?ok=dados`);
});
