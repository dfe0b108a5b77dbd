-- CreateTable
CREATE TABLE "RunningJob" (
    "jobId" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "worker" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

