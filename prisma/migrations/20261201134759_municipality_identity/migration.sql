-- AlterTable
ALTER TABLE "Municipality" ADD COLUMN "coatOfArmsKey" TEXT;
ALTER TABLE "Municipality" ADD COLUMN "coatOfArmsMime" TEXT;
ALTER TABLE "Municipality" ADD COLUMN "coatOfArmsSha256" TEXT;
ALTER TABLE "Municipality" ADD COLUMN "secretariaName" TEXT;
ALTER TABLE "Municipality" ADD COLUMN "signatoryName" TEXT;
ALTER TABLE "Municipality" ADD COLUMN "signatoryRole" TEXT;

