-- AlterTable
ALTER TABLE "Session" ADD COLUMN "govbrLevel" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN "cpfConfirmedAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "govbrSubject" TEXT;

-- CreateTable
CREATE TABLE "GovbrLogin" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "stage" TEXT NOT NULL DEFAULT 'AUTH',
    "state" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "returnTo" TEXT,
    "requiredLevel" TEXT,
    "identityJson" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Municipality" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ibgeCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "uf" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "population" INTEGER NOT NULL,
    "populationSource" TEXT NOT NULL DEFAULT 'IBGE',
    "populationDate" TEXT,
    "fiscalUnitName" TEXT NOT NULL,
    "fiscalUnitCents" INTEGER NOT NULL DEFAULT 0,
    "rulePackId" TEXT NOT NULL,
    "serialPrefix" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Sao_Paulo',
    "secretariaName" TEXT,
    "signatoryName" TEXT,
    "signatoryRole" TEXT,
    "coatOfArmsKey" TEXT,
    "coatOfArmsMime" TEXT,
    "coatOfArmsSha256" TEXT,
    "govbrDriverLevel" TEXT,
    "govbrStaffLevel" TEXT,
    "staffPasswordDisabled" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Municipality" ("active", "coatOfArmsKey", "coatOfArmsMime", "coatOfArmsSha256", "createdAt", "fiscalUnitCents", "fiscalUnitName", "ibgeCode", "id", "name", "population", "populationDate", "populationSource", "rulePackId", "secretariaName", "serialPrefix", "signatoryName", "signatoryRole", "slug", "timeZone", "uf", "updatedAt") SELECT "active", "coatOfArmsKey", "coatOfArmsMime", "coatOfArmsSha256", "createdAt", "fiscalUnitCents", "fiscalUnitName", "ibgeCode", "id", "name", "population", "populationDate", "populationSource", "rulePackId", "secretariaName", "serialPrefix", "signatoryName", "signatoryRole", "slug", "timeZone", "uf", "updatedAt" FROM "Municipality";
DROP TABLE "Municipality";
ALTER TABLE "new_Municipality" RENAME TO "Municipality";
CREATE UNIQUE INDEX "Municipality_ibgeCode_key" ON "Municipality"("ibgeCode");
CREATE UNIQUE INDEX "Municipality_slug_key" ON "Municipality"("slug");
CREATE UNIQUE INDEX "Municipality_serialPrefix_key" ON "Municipality"("serialPrefix");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "GovbrLogin_tokenHash_key" ON "GovbrLogin"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "User_govbrSubject_key" ON "User"("govbrSubject");

