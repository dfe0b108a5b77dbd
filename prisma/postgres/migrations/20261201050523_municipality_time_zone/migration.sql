-- AlterTable
ALTER TABLE "Municipality" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'America/Sao_Paulo';


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
