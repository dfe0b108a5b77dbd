-- CreateIndex
CREATE INDEX "Application_operatorId_idx" ON "Application"("operatorId");

-- CreateIndex
CREATE INDEX "Credential_municipalityId_issuedAt_idx" ON "Credential"("municipalityId", "issuedAt");


-- Trigram indexes (pg_trgm, ADR 063): a name, or a piece of a serial, number or CPF, found
-- by LIKE/ILIKE '%…%' without reading every row of the city. PostgreSQL only, and not in
-- schema.prisma (Prisma cannot declare them for both databases), as SQLite serves small towns.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Credential_holderDisplayName_trgm_idx" ON "Credential" USING gin ("holderDisplayName" gin_trgm_ops);
CREATE INDEX "Credential_serial_trgm_idx" ON "Credential" USING gin ("serial" gin_trgm_ops);
CREATE INDEX "Person_fullName_trgm_idx" ON "Person" USING gin ("fullName" gin_trgm_ops);
CREATE INDEX "Person_cpf_trgm_idx" ON "Person" USING gin ("cpf" gin_trgm_ops);
CREATE INDEX "Operator_legalName_trgm_idx" ON "Operator" USING gin ("legalName" gin_trgm_ops);
CREATE INDEX "Application_number_trgm_idx" ON "Application" USING gin ("number" gin_trgm_ops);

-- A plate's beginning (LIKE 'ABC1%'): a btree in byte order answers a prefix, whatever the
-- database's collation.
CREATE INDEX "Credential_plate_prefix_idx" ON "Credential" ("plate" text_pattern_ops);
CREATE INDEX "Vehicle_plate_prefix_idx" ON "Vehicle" ("plate" text_pattern_ops);
