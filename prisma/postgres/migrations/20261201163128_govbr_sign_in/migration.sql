-- AlterTable
ALTER TABLE "Municipality" ADD COLUMN     "govbrDriverLevel" TEXT,
ADD COLUMN     "govbrStaffLevel" TEXT,
ADD COLUMN     "staffPasswordDisabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "cpfConfirmedAt" TIMESTAMP(3),
ADD COLUMN     "govbrSubject" TEXT;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "govbrLevel" TEXT;

-- CreateTable
CREATE TABLE "GovbrLogin" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "stage" TEXT NOT NULL DEFAULT 'AUTH',
    "state" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "returnTo" TEXT,
    "requiredLevel" TEXT,
    "identityJson" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GovbrLogin_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GovbrLogin_tokenHash_key" ON "GovbrLogin"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "User_govbrSubject_key" ON "User"("govbrSubject");

