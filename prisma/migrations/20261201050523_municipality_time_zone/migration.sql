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
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Municipality" ("active", "createdAt", "fiscalUnitCents", "fiscalUnitName", "ibgeCode", "id", "name", "population", "populationDate", "populationSource", "rulePackId", "serialPrefix", "slug", "uf", "updatedAt") SELECT "active", "createdAt", "fiscalUnitCents", "fiscalUnitName", "ibgeCode", "id", "name", "population", "populationDate", "populationSource", "rulePackId", "serialPrefix", "slug", "uf", "updatedAt" FROM "Municipality";
DROP TABLE "Municipality";
ALTER TABLE "new_Municipality" RENAME TO "Municipality";
CREATE UNIQUE INDEX "Municipality_ibgeCode_key" ON "Municipality"("ibgeCode");
CREATE UNIQUE INDEX "Municipality_slug_key" ON "Municipality"("slug");
CREATE UNIQUE INDEX "Municipality_serialPrefix_key" ON "Municipality"("serialPrefix");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Backfill: every existing municipality takes its UF's zone (app/domain/time.ts, UF_TIME_ZONES).
UPDATE "Municipality" SET "timeZone" = CASE "uf"
  WHEN 'AC' THEN 'America/Rio_Branco'
  WHEN 'AM' THEN 'America/Manaus'
  WHEN 'RR' THEN 'America/Boa_Vista'
  WHEN 'RO' THEN 'America/Porto_Velho'
  WHEN 'MT' THEN 'America/Cuiaba'
  WHEN 'MS' THEN 'America/Campo_Grande'
  WHEN 'PA' THEN 'America/Belem'
  WHEN 'AP' THEN 'America/Belem'
  WHEN 'TO' THEN 'America/Araguaina'
  WHEN 'MA' THEN 'America/Fortaleza'
  WHEN 'PI' THEN 'America/Fortaleza'
  WHEN 'CE' THEN 'America/Fortaleza'
  WHEN 'RN' THEN 'America/Fortaleza'
  WHEN 'PB' THEN 'America/Fortaleza'
  WHEN 'PE' THEN 'America/Recife'
  WHEN 'AL' THEN 'America/Maceio'
  WHEN 'SE' THEN 'America/Maceio'
  WHEN 'BA' THEN 'America/Bahia'
  ELSE 'America/Sao_Paulo'
END;
