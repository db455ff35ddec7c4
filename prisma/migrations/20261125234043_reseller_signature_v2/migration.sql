-- CreateEnum
CREATE TYPE "ResellerSignatureVersion" AS ENUM ('v1', 'v2');

-- AlterTable
ALTER TABLE "ResellerApiKey" ADD COLUMN     "requireTimestamp" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "signatureVersion" "ResellerSignatureVersion" NOT NULL DEFAULT 'v1';

-- CreateTable
CREATE TABLE "ResellerSignatureUse" (
    "resellerId" UUID NOT NULL,
    "signature" TEXT NOT NULL,
    "keyId" UUID NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResellerSignatureUse_pkey" PRIMARY KEY ("resellerId","signature")
);

-- CreateIndex
CREATE INDEX "ResellerSignatureUse_expiresAt_idx" ON "ResellerSignatureUse"("expiresAt");
