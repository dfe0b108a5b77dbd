-- Names of the glossary (ADR 065). Vistoria.inspectorId becomes performedById, its value kept
-- ("inspector" is the fiscal in the product's text).
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Application" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "number" TEXT NOT NULL,
    "municipalityId" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'NEW',
    "subject" TEXT NOT NULL DEFAULT 'PESSOA',
    "personId" TEXT,
    "operatorId" TEXT,
    "category" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "vehicleId" TEXT,
    "linkedOperatorId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "packId" TEXT NOT NULL,
    "packVersion" TEXT NOT NULL,
    "draftJson" TEXT NOT NULL DEFAULT '{}',
    "renewalOfId" TEXT,
    "assignedToId" TEXT,
    "submittedAt" DATETIME,
    "decidedAt" DATETIME,
    "rowVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Application_municipalityId_fkey" FOREIGN KEY ("municipalityId") REFERENCES "Municipality" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Application_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Application_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Application_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Application" ("assignedToId", "category", "createdAt", "decidedAt", "draftJson", "id", "kind", "linkedOperatorId", "mode", "municipalityId", "number", "operatorId", "packId", "packVersion", "personId", "renewalOfId", "rowVersion", "status", "subject", "submittedAt", "updatedAt", "vehicleId") SELECT "assignedToId", "category", "createdAt", "decidedAt", "draftJson", "id", "kind", "linkedOperatorId", "mode", "municipalityId", "number", "operatorId", "packId", "packVersion", "personId", "renewalOfId", "rowVersion", "status", "subject", "submittedAt", "updatedAt", "vehicleId" FROM "Application";
DROP TABLE "Application";
ALTER TABLE "new_Application" RENAME TO "Application";
CREATE UNIQUE INDEX "Application_number_key" ON "Application"("number");
CREATE INDEX "Application_municipalityId_status_submittedAt_idx" ON "Application"("municipalityId", "status", "submittedAt");
CREATE INDEX "Application_municipalityId_assignedToId_status_idx" ON "Application"("municipalityId", "assignedToId", "status");
CREATE INDEX "Application_personId_idx" ON "Application"("personId");
CREATE INDEX "Application_operatorId_idx" ON "Application"("operatorId");
CREATE TABLE "new_Vistoria" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "municipalityId" TEXT NOT NULL,
    "vehicleId" TEXT NOT NULL,
    "applicationId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'SCHEDULED',
    "scheduledFor" DATETIME,
    "place" TEXT,
    "checklistJson" TEXT NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "performedById" TEXT,
    "performedAt" DATETIME,
    "validUntil" TEXT,
    "graceUntil" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Vistoria_municipalityId_fkey" FOREIGN KEY ("municipalityId") REFERENCES "Municipality" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Vistoria_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Vistoria_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Vistoria" ("applicationId", "checklistJson", "createdAt", "graceUntil", "id", "municipalityId", "notes", "performedAt", "performedById", "place", "scheduledFor", "status", "validUntil", "vehicleId") SELECT "applicationId", "checklistJson", "createdAt", "graceUntil", "id", "municipalityId", "notes", "performedAt", "inspectorId", "place", "scheduledFor", "status", "validUntil", "vehicleId" FROM "Vistoria";
DROP TABLE "Vistoria";
ALTER TABLE "new_Vistoria" RENAME TO "Vistoria";
CREATE INDEX "Vistoria_vehicleId_idx" ON "Vistoria"("vehicleId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Stored values in the glossary's spelling: rows written before keep their meaning.
UPDATE "Application" SET "kind" = 'NEW' WHERE "kind" = 'NOVO';
UPDATE "Application" SET "kind" = 'RENEWAL' WHERE "kind" = 'RENOVACAO';
UPDATE "Application" SET "subject" = 'PESSOA' WHERE "subject" = 'PERSON';
UPDATE "Application" SET "subject" = 'OPERADORA' WHERE "subject" = 'OPERATOR';
