-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "locationRequired" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ResellerProfile" ADD COLUMN     "tierPinned" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "VatRate" (
    "id" UUID NOT NULL,
    "countryCode" TEXT NOT NULL,
    "ratePercent" DECIMAL(5,2) NOT NULL,
    "effectiveFrom" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VatRate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VatRate_countryCode_effectiveFrom_key" ON "VatRate"("countryCode", "effectiveFrom");

-- Backfill: a product that already prices a datacentre (any location row with a monthly surcharge,
-- even 0.00) required a location before this column existed
UPDATE "Product" SET "locationRequired" = true
WHERE EXISTS (
    SELECT 1 FROM "ProductLocation" pl
    WHERE pl."productId" = "Product"."id" AND pl."surchargeMonthly" IS NOT NULL
);
