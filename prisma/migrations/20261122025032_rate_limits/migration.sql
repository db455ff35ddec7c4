-- CreateTable
CREATE TABLE "RateLimitBucket" (
    "subject" TEXT NOT NULL,
    "bucketStart" TIMESTAMP(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RateLimitBucket_pkey" PRIMARY KEY ("subject","bucketStart")
);

-- CreateTable
CREATE TABLE "ActionCooldownUse" (
    "id" UUID NOT NULL,
    "bucket" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "resourceId" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ActionCooldownUse_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RateLimitBucket_bucketStart_idx" ON "RateLimitBucket"("bucketStart");

-- CreateIndex
CREATE INDEX "ActionCooldownUse_bucket_userId_resourceId_expiresAt_idx" ON "ActionCooldownUse"("bucket", "userId", "resourceId", "expiresAt");

-- CreateIndex
CREATE INDEX "ActionCooldownUse_expiresAt_idx" ON "ActionCooldownUse"("expiresAt");
