-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "govbrIdToken" TEXT,
ADD COLUMN     "govbrSid" TEXT;

-- CreateTable
CREATE TABLE "GovbrLogoutToken" (
    "jtiHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GovbrLogoutToken_pkey" PRIMARY KEY ("jtiHash")
);

-- CreateIndex
CREATE INDEX "Session_govbrSid_idx" ON "Session"("govbrSid");

