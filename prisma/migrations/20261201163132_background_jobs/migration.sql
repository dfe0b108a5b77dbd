-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN "leaseUntil" DATETIME;

-- CreateTable
CREATE TABLE "LocalJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "state" TEXT NOT NULL DEFAULT 'CREATED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retryLimit" INTEGER NOT NULL DEFAULT 2,
    "runAfter" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "singleton" TEXT,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "JobStatus" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "lastStartedAt" DATETIME,
    "lastFinishedAt" DATETIME,
    "lastOk" BOOLEAN,
    "lastError" TEXT,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "nextRunAt" DATETIME
);

-- CreateTable
CREATE TABLE "JobFailure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "attempt" INTEGER NOT NULL,
    "error" TEXT NOT NULL,
    "final" BOOLEAN NOT NULL,
    "failedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retriedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "LocalJob_singleton_key" ON "LocalJob"("singleton");

-- CreateIndex
CREATE INDEX "LocalJob_state_runAfter_idx" ON "LocalJob"("state", "runAfter");

-- CreateIndex
CREATE INDEX "JobFailure_name_failedAt_idx" ON "JobFailure"("name", "failedAt");

