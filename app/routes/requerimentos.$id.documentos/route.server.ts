import type { LoaderFunctionArgs } from "@remix-run/node";
import { type DocumentRowData } from "~/components/driver/document-row";
import { isEditable } from "~/domain/applications/status";
import { openItems, wizardSteps } from "~/domain/applications/wizard";
import { needsFile } from "~/domain/eligibility/document-status";
import { formatCount } from "~/domain/format";
import { holderPhotoType } from "~/http/document-upload.server";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { withRefusals } from "~/http/refusal.server";
import { currentDocuments } from "~/models/application-facts.server";
import { titularSeenByPreposto } from "~/models/preposto.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { app, pack, result } = await loadOwnApplication(request, params.id);
  const files = new Map(
    (await currentDocuments(app)).map((d) => [d.type, { id: d.id, name: d.originalName, size: d.sizeBytes }]),
  );
  const photoType = holderPhotoType(pack, app);
  const open = openItems(result);
  const documents: DocumentRowData[] = result.requiredDocuments.map((d) => ({
    type: d.type,
    label: d.label,
    citation: d.citation,
    status: d.status,
    reason: d.reason ?? null,
    expiresOn: d.expiresOn ?? null,
    submittedBy: d.submittedBy,
    validity: d.validity,
    expiryOnDocument: Boolean(d.expiryOnDocument),
    quantity: d.quantity ?? 1,
    photo: d.type === photoType,
    file: files.get(d.type) ?? null,
  }));
  const mine = documents.filter((d) => d.submittedBy === "REQUERENTE");
  const missing = mine.filter((d) => needsFile(d.status)).length;
  return {
    app: { id: app.id, number: app.number, editable: isEditable(app.status) },
    documents,
    titular: await titularSeenByPreposto(app),
    withoutObject: result.withoutObject,
    renewal: result.renewal ?? null,
    renewalCredentials: result.credentials,
    steps: wizardSteps(result),
    // The checklist on this page names every document: the side list only counts them.
    open: {
      ...open,
      documents: missing
        ? [
            {
              type: "DOCUMENTOS",
              label: "Documentos",
              status: `${formatCount(missing, "falta", "faltam")} — veja a lista nesta página`,
              citation: open.documents[0]?.citation ?? "",
              reason: null,
            },
          ]
        : [],
    },
  };
});
