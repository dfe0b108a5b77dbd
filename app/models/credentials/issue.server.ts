// Issuance: serial, signed token, record, superseding and audit in one transaction.
import { CATEGORY_CODES, type CredentialClaims } from "~/credentials/claims";
import { holderDisplayName } from "~/credentials/display-name";
import { verificationUrl } from "~/credentials/qr";
import { signCredential, type Signer } from "~/credentials/token";
import type { Category } from "~/domain/rule-packs";
import { type Actor, audit } from "~/utils/audit.server";
import type { Tx } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { numbered, numberYear, takeNumber } from "../counter.server";
import { documentIdentity } from "../municipality.server";
import { noteSignedUntil } from "../signing-key.server";
import type { Layout } from "./pdf.server";
import { changeCredentialStatusInTx } from "./status.server";
import { typedCodeFor } from "./typed-code.server";
/** What issuance needs to know about one credential; the layout is filled once the serial exists. */
export type CredentialSpec = {
  type: CredentialClaims["type"];
  category: Category;
  holderName: string;
  plate?: string | null;
  validFrom: string;
  validUntil: string;
  holderPersonId?: string | null;
  holderOperatorId?: string | null;
  vehicleId?: string | null;
  operatorName?: string | null;
  /** `serial` here is the code printed for typing in (serial + check part, ADR 014). */
  layout: (v: { serial: string; qrText: string; domain: string; registrationNumber: string }) => Layout;
};

async function allocateSerial(
  tx: Tx,
  m: { id: string; serialPrefix: string },
  category: Category,
  year: number,
): Promise<string> {
  const code = CATEGORY_CODES[category];
  return numbered(`${m.serialPrefix}-${code}-${year}`, await takeNumber(tx, `serial:${m.id}:${code}:${year}`));
}

/** Issues all in one transaction (or `tx`); the first spec's serial is the registration number printed on all. */
export async function issueCredentials(
  tx: Tx,
  municipality: { id: string; ibgeCode: string; serialPrefix: string; timeZone: string },
  specs: CredentialSpec[],
  signer: Signer,
  actor: Actor,
  opts: { applicationId?: string | null; supersedes?: { id: string; type: string }[]; now: Date },
) {
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  // Stored in each credential's render data, so a later identity change never alters an issued document.
  const identity = documentIdentity(
    await tx.municipality.findUniqueOrThrow({
      where: { id: municipality.id },
      select: { secretariaName: true, signatoryName: true, signatoryRole: true, coatOfArmsKey: true },
    }),
  );
  // The municipality's civil year at issuance, as application numbers take theirs (counter.server.ts).
  const year = numberYear(opts.now, municipality.timeZone);
  const issued = [];
  let registrationNumber: string | null = null;
  for (const spec of specs) {
    const serial = await allocateSerial(tx, municipality, spec.category, year);
    registrationNumber ??= serial;
    const claims: CredentialClaims = {
      issuer: municipality.ibgeCode,
      serial,
      type: spec.type,
      category: spec.category,
      holderName: holderDisplayName(spec.holderName),
      ...(spec.plate ? { plate: spec.plate } : {}),
      validFrom: spec.validFrom,
      validUntil: spec.validUntil,
    };
    const token = await signCredential(claims, signer);
    const qrText = verificationUrl(env().PUBLIC_BASE_URL, token);
    // The PDF prints the whole typed code (serial + check part): the serial alone looks nothing up.
    const layout = withIdentity(
      spec.layout({ serial: typedCodeFor(serial), qrText, domain, registrationNumber }),
      identity,
    );
    const credential = await tx.credential.create({
      data: {
        serial,
        municipalityId: municipality.id,
        type: spec.type,
        category: spec.category,
        holderPersonId: spec.holderPersonId ?? null,
        holderOperatorId: spec.holderOperatorId ?? null,
        vehicleId: spec.vehicleId ?? null,
        operatorName: spec.operatorName ?? null,
        applicationId: opts.applicationId ?? null,
        holderDisplayName: claims.holderName,
        plate: spec.plate ?? null,
        validFrom: spec.validFrom,
        validUntil: spec.validUntil,
        kid: signer.kid,
        token,
        renderDataJson: JSON.stringify(layout),
        issuedAt: opts.now,
        issuedById: actor.userId,
      },
    });
    await noteSignedUntil(tx, signer.kid, spec.validUntil);
    await audit(tx, actor, {
      action: "credential.issue",
      subjectType: "Credential",
      subjectId: credential.id,
      municipalityId: municipality.id,
      after: {
        serial,
        type: spec.type,
        category: spec.category,
        validFrom: spec.validFrom,
        validUntil: spec.validUntil,
      },
    });
    issued.push(credential);
  }
  for (const old of opts.supersedes ?? []) {
    const replacement = issued.find((c) => c.type === old.type) ?? issued[0];
    await changeCredentialStatusInTx(
      tx,
      old.id,
      municipality.id,
      "supersede",
      { reason: `Substituída por ${replacement.serial}` },
      actor,
      opts.now,
      replacement.id,
    );
  }
  return issued;
}

/** The layout with the municipality's secretaria, signatory and coat of arms, where they are set. */
function withIdentity(layout: Layout, identity: ReturnType<typeof documentIdentity>): Layout {
  const issuer = {
    ...layout.data.issuer,
    authority: identity.authority ?? layout.data.issuer.authority ?? null,
    signatory: identity.signatory ?? layout.data.issuer.signatory ?? null,
  };
  return { ...layout, coatOfArmsKey: identity.coatOfArmsKey, data: { ...layout.data, issuer } } as Layout;
}
