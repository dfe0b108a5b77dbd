-- AlterTable
ALTER TABLE "Session" ADD COLUMN "govbrIdToken" TEXT;
ALTER TABLE "Session" ADD COLUMN "govbrSid" TEXT;

-- CreateTable
CREATE TABLE "GovbrLogoutToken" (
    "jtiHash" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Session_govbrSid_idx" ON "Session"("govbrSid");

