-- AlterTable
ALTER TABLE "RulePackVersion" ADD COLUMN     "authoredById" TEXT,
ADD COLUMN     "documentJson" TEXT,
ADD COLUMN     "effectiveFrom" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RulePackDraft" (
    "id" TEXT NOT NULL,
    "municipalityId" TEXT NOT NULL,
    "documentJson" TEXT NOT NULL,
    "basedOnVersion" TEXT,
    "status" TEXT NOT NULL DEFAULT 'EDITING',
    "authorId" TEXT NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "closedById" TEXT,
    "closedAt" TIMESTAMP(3),
    "versionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RulePackDraft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RulePackDraft_municipalityId_status_idx" ON "RulePackDraft"("municipalityId", "status");

-- AddForeignKey
ALTER TABLE "RulePackDraft" ADD CONSTRAINT "RulePackDraft_municipalityId_fkey" FOREIGN KEY ("municipalityId") REFERENCES "Municipality"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

