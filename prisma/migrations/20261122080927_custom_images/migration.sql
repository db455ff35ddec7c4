-- CreateEnum
CREATE TYPE "CustomImageStatus" AS ENUM ('capturing', 'available', 'error');

-- AlterTable
ALTER TABLE "PlatformSettings" ADD COLUMN     "customImageLimit" INTEGER NOT NULL DEFAULT 10;

-- CreateTable
CREATE TABLE "CustomImage" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "projectId" UUID,
    "resellerCustomerId" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "sourceKind" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "sourceSha256" TEXT,
    "osFamily" TEXT NOT NULL DEFAULT 'linux',
    "status" "CustomImageStatus" NOT NULL DEFAULT 'capturing',
    "sizeBytes" BIGINT,
    "virtualSizeBytes" BIGINT,
    "imageRef" TEXT,
    "nodeId" UUID,
    "sourceServiceId" UUID,
    "captureJobId" UUID,
    "error" TEXT,
    "availableAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "CustomImage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomImage_accountId_deletedAt_idx" ON "CustomImage"("accountId", "deletedAt");

-- CreateIndex
CREATE INDEX "CustomImage_captureJobId_idx" ON "CustomImage"("captureJobId");

-- AddForeignKey
ALTER TABLE "CustomImage" ADD CONSTRAINT "CustomImage_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
