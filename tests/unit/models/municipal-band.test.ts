// The municipality in context for the header band (ADR 032): which page shows whose coat of arms
// and secretaria, and the small coat of arms made from the stored one.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { coatOfArmsThumbnail, municipalBandFor } from "~/models/municipal-band.server";
import { setCoatOfArms, setMunicipalIdentity } from "~/models/municipality.server";
import type { CurrentUser } from "~/models/user.server";
import { placeholderEmblemPng } from "../../../prisma/demo-emblem";
import { createMunicipality, createUser, storedFile, testActor } from "../../support/factories";
import { eligibleMototaxiApplication } from "../../support/journey";

const identity = (secretariaName: string | null) => ({ secretariaName, signatoryName: null, signatoryRole: null });
const asUser = (id: string, grants: CurrentUser["grants"] = []): CurrentUser => ({
  id,
  name: "Pessoa",
  email: "pessoa@teste.com.br",
  cpf: "00000000000",
  emailVerified: true,
  isPlatformAdmin: false,
  grants: [{ role: "CONDUTOR", municipalityId: null, operatorId: null }, ...grants],
  sessionId: "s",
});

describe("the municipality in the header band", () => {
  it("follows the page: the back office's municipality, the applicant's application, nothing on other pages", async () => {
    const { municipality, user, applicationId } = await eligibleMototaxiApplication();
    await setMunicipalIdentity(municipality.id, identity("Secretaria de Trânsito de Teste"), testActor);
    const other = await createMunicipality("Outra Cidade");
    await setMunicipalIdentity(other.id, identity("Departamento de Outra Cidade"), testActor);
    const driver = asUser(user.id);

    // The back office's municipality, for its own staff; nothing for anyone else (a 403 page).
    expect(await municipalBandFor(driver, `/m/${other.slug}/fila`)).toBeNull();
    const analyst = asUser(user.id, [{ role: "ANALISTA", municipalityId: other.id, operatorId: null }]);
    expect(await municipalBandFor(analyst, `/m/${other.slug}/fila`)).toMatchObject({
      name: "Outra Cidade",
      uf: "MG",
      secretaria: "Departamento de Outra Cidade",
      coatOfArmsSrc: null,
    });
    expect(await municipalBandFor(driver, `/requerimentos/${applicationId}/dados`)).toMatchObject({
      slug: municipality.slug,
      secretaria: "Secretaria de Trânsito de Teste",
    });
    // The driver's home: the municipality of their applications.
    expect((await municipalBandFor(driver, "/painel"))?.slug).toBe(municipality.slug);
    // Someone else's application tells nothing; the fiscal's and the credential pages have no band.
    const stranger = asUser((await createUser()).id);
    expect(await municipalBandFor(stranger, `/requerimentos/${applicationId}`)).toBeNull();
    expect(await municipalBandFor(driver, "/fiscal")).toBeNull();
    expect(await municipalBandFor(driver, "/credenciais")).toBeNull();
  });

  it("shows staff their municipality, and nothing for a municipality without secretaria nor coat of arms", async () => {
    const m = await createMunicipality("Cidade Sem Identidade");
    const user = await createUser();
    const analyst = asUser(user.id, [{ role: "ANALISTA", municipalityId: m.id, operatorId: null }]);
    expect(await municipalBandFor(analyst, "/painel")).toBeNull();
    await setMunicipalIdentity(m.id, identity("Secretaria Nova"), testActor);
    expect(await municipalBandFor(analyst, "/painel")).toMatchObject({ slug: m.slug, secretaria: "Secretaria Nova" });
  });

  it("serves a small coat of arms whose address changes with the image", async () => {
    const m = await createMunicipality("Cidade Com Brasão");
    expect(await coatOfArmsThumbnail(m.slug)).toBeNull();
    await setCoatOfArms(m.id, await storedFile(await placeholderEmblemPng("Cidade"), "image/png"), testActor);
    const user = asUser((await createUser()).id, [{ role: "GESTOR", municipalityId: m.id, operatorId: null }]);
    const first = (await municipalBandFor(user, `/m/${m.slug}`))?.coatOfArmsSrc;
    expect(first).toMatch(new RegExp(`^/brasao/${m.slug}\\?v=[0-9a-f]{16}$`));
    const bytes = await coatOfArmsThumbnail(m.slug);
    const meta = await sharp(Buffer.from(bytes!)).metadata();
    expect(meta.format).toBe("png");
    expect(meta.height).toBeLessThanOrEqual(96);

    await setCoatOfArms(m.id, await storedFile(await placeholderEmblemPng("Outra"), "image/png"), testActor);
    expect((await municipalBandFor(user, `/m/${m.slug}`))?.coatOfArmsSrc).not.toBe(first);
  });
});
