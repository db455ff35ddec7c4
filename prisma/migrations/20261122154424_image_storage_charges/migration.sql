-- AlterTable
ALTER TABLE "PlatformSettings" ADD COLUMN     "imageStoragePrice" DECIMAL(18,4);

-- CreateTable
CREATE TABLE "ImageStorageCharge" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "gibDays" DECIMAL(18,4) NOT NULL,
    "invoiceId" UUID,
    "proformaId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImageStorageCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImageStorageCharge_invoiceId_idx" ON "ImageStorageCharge"("invoiceId");

-- CreateIndex
CREATE INDEX "ImageStorageCharge_proformaId_idx" ON "ImageStorageCharge"("proformaId");

-- CreateIndex
CREATE UNIQUE INDEX "ImageStorageCharge_accountId_periodStart_key" ON "ImageStorageCharge"("accountId", "periodStart");

-- AddForeignKey
ALTER TABLE "ImageStorageCharge" ADD CONSTRAINT "ImageStorageCharge_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
