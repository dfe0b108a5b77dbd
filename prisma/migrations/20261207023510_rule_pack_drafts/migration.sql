-- AlterTable
ALTER TABLE "RulePackVersion" ADD COLUMN "authoredById" TEXT;
ALTER TABLE "RulePackVersion" ADD COLUMN "documentJson" TEXT;
ALTER TABLE "RulePackVersion" ADD COLUMN "effectiveFrom" DATETIME;

-- CreateTable
CREATE TABLE "RulePackDraft" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "municipalityId" TEXT NOT NULL,
    "documentJson" TEXT NOT NULL,
    "basedOnVersion" TEXT,
    "status" TEXT NOT NULL DEFAULT 'EDITING',
    "authorId" TEXT NOT NULL,
    "submittedAt" DATETIME,
    "closedById" TEXT,
    "closedAt" DATETIME,
    "versionId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RulePackDraft_municipalityId_fkey" FOREIGN KEY ("municipalityId") REFERENCES "Municipality" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "RulePackDraft_municipalityId_status_idx" ON "RulePackDraft"("municipalityId", "status");

