import { randomBytes } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { localDateTime } from "~/components/fiscal/infraction-input";
import { fiscalViewUrl, parseScan, WHOLE_CODE_ASKED } from "~/components/fiscal/qr-text";
import { forbidden } from "~/domain/refusal";
import { grantFor, requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { fiscalHome } from "~/models/fiscal.server";

// The fiscal's scanner: camera or typed code → the fiscal view of the credential (online), or
// a verdict computed on the phone (offline). Installable; the service worker keeps this page,
// the JWKS and the municipality's status list. ADR 007.
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "verify:credential");
  const url = new URL(request.url);
  // A typed code (the form without JavaScript) or a QR link goes straight to the fiscal view.
  const typed = url.searchParams.get("codigo") ?? url.searchParams.get("t");
  let typedError: string | null = null;
  if (typed !== null) {
    const target = parseScan(typed.slice(0, 2048));
    const to = fiscalViewUrl(target);
    if (to) throw redirect(to);
    typedError =
      target.kind === "serial" ? WHOLE_CODE_ASKED : "Código não reconhecido: confira o código impresso na credencial.";
  }
  const grant = grantFor(user, "verify:credential");
  if (!grant?.municipalityId) throw forbidden("Você não é fiscal de nenhum município.");
  const { municipality, keys, catalogue } = await fiscalHome(grant.municipalityId);
  return {
    // The zone rides in the page's own data (not in any api.md JSON): the offline verdict and the
    // auto's date and time are on the municipality's clock.
    municipality: {
      name: municipality.name,
      uf: municipality.uf,
      ibge: municipality.ibgeCode,
      timeZone: municipality.timeZone,
    },
    keys,
    catalogue,
    clientRef: randomBytes(16).toString("hex"),
    now: localDateTime(new Date(), municipality.timeZone),
    typedError,
  };
});
