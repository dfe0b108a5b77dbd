-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Document" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "ownerUserId" TEXT NOT NULL,
    "personId" TEXT,
    "operatorId" TEXT,
    "vehicleId" TEXT,
    "applicationId" TEXT,
    "vistoriaId" TEXT,
    "infractionId" TEXT,
    "clientRef" TEXT,
    "storageKey" TEXT NOT NULL,
    "originalName" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "issueDate" TEXT,
    "expiryDate" TEXT,
    "reviewStatus" TEXT NOT NULL DEFAULT 'PENDING',
    "reviewReason" TEXT,
    "reviewReasonCode" TEXT,
    "reviewedById" TEXT,
    "reviewedAt" DATETIME,
    "replacedById" TEXT,
    "expiredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Document_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Document_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Document_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Document_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Document_vistoriaId_fkey" FOREIGN KEY ("vistoriaId") REFERENCES "Vistoria" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Document_infractionId_fkey" FOREIGN KEY ("infractionId") REFERENCES "Infraction" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("applicationId", "createdAt", "expiredAt", "expiryDate", "id", "issueDate", "mime", "operatorId", "originalName", "ownerUserId", "personId", "replacedById", "reviewReason", "reviewReasonCode", "reviewStatus", "reviewedAt", "reviewedById", "sha256", "sizeBytes", "storageKey", "type", "vehicleId", "vistoriaId") SELECT "applicationId", "createdAt", "expiredAt", "expiryDate", "id", "issueDate", "mime", "operatorId", "originalName", "ownerUserId", "personId", "replacedById", "reviewReason", "reviewReasonCode", "reviewStatus", "reviewedAt", "reviewedById", "sha256", "sizeBytes", "storageKey", "type", "vehicleId", "vistoriaId" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE UNIQUE INDEX "Document_clientRef_key" ON "Document"("clientRef");
CREATE UNIQUE INDEX "Document_storageKey_key" ON "Document"("storageKey");
CREATE INDEX "Document_applicationId_idx" ON "Document"("applicationId");
CREATE INDEX "Document_infractionId_idx" ON "Document"("infractionId");
CREATE INDEX "Document_personId_type_idx" ON "Document"("personId", "type");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

