-- CreateTable
CREATE TABLE "RunningJob" (
    "jobId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "worker" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunningJob_pkey" PRIMARY KEY ("jobId")
);

