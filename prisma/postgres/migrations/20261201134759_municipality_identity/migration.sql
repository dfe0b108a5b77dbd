-- AlterTable
ALTER TABLE "Municipality" ADD COLUMN     "coatOfArmsKey" TEXT,
ADD COLUMN     "coatOfArmsMime" TEXT,
ADD COLUMN     "coatOfArmsSha256" TEXT,
ADD COLUMN     "secretariaName" TEXT,
ADD COLUMN     "signatoryName" TEXT,
ADD COLUMN     "signatoryRole" TEXT;

