-- AlterTable
ALTER TABLE "DriverLink" ADD COLUMN "driverDataDeclaredAt" DATETIME;
ALTER TABLE "DriverLink" ADD COLUMN "driverDataSentOn" TEXT;

