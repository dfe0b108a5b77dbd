-- Names of the glossary (ADR 065).
-- AlterTable
ALTER TABLE "Application" ALTER COLUMN "kind" SET DEFAULT 'NEW',
ALTER COLUMN "subject" SET DEFAULT 'PESSOA';

-- AlterTable
-- The column keeps its values under its new name ("inspector" is the fiscal in the product's text).
ALTER TABLE "Vistoria" RENAME COLUMN "inspectorId" TO "performedById";

-- Stored values in the glossary's spelling: rows written before keep their meaning.
UPDATE "Application" SET "kind" = 'NEW' WHERE "kind" = 'NOVO';
UPDATE "Application" SET "kind" = 'RENEWAL' WHERE "kind" = 'RENOVACAO';
UPDATE "Application" SET "subject" = 'PESSOA' WHERE "subject" = 'PERSON';
UPDATE "Application" SET "subject" = 'OPERADORA' WHERE "subject" = 'OPERATOR';
