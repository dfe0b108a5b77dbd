-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "clientRef" TEXT,
ADD COLUMN     "infractionId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Document_clientRef_key" ON "Document"("clientRef");

-- CreateIndex
CREATE INDEX "Document_infractionId_idx" ON "Document"("infractionId");

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_infractionId_fkey" FOREIGN KEY ("infractionId") REFERENCES "Infraction"("id") ON DELETE SET NULL ON UPDATE CASCADE;

