-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "provisionRunId" TEXT,
ADD COLUMN     "provisionStartedAt" TIMESTAMP(3);
