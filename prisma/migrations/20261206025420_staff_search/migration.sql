-- CreateIndex
CREATE INDEX "Application_operatorId_idx" ON "Application"("operatorId");

-- CreateIndex
CREATE INDEX "Credential_municipalityId_issuedAt_idx" ON "Credential"("municipalityId", "issuedAt");

