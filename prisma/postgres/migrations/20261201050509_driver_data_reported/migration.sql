-- AlterTable
ALTER TABLE "DriverLink" ADD COLUMN     "driverDataDeclaredAt" TIMESTAMP(3),
ADD COLUMN     "driverDataSentOn" TEXT;

