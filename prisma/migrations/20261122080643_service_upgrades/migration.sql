-- CreateEnum
CREATE TYPE "ServiceUpgradeKind" AS ENUM ('package', 'options');

-- CreateEnum
CREATE TYPE "ServiceUpgradeStatus" AS ENUM ('pending', 'awaiting_payment', 'executing', 'completed', 'awaiting_admin', 'cancelled');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "changeResult" JSONB,
ADD COLUMN     "externalReference" TEXT;

-- AlterTable
ALTER TABLE "ServiceOption" ADD COLUMN     "orderId" UUID;

-- CreateTable
CREATE TABLE "ServiceUpgrade" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "kind" "ServiceUpgradeKind" NOT NULL,
    "status" "ServiceUpgradeStatus" NOT NULL DEFAULT 'pending',
    "fromProductId" UUID,
    "toProductId" UUID,
    "addOptions" JSONB NOT NULL DEFAULT '[]',
    "removeOptionIds" UUID[],
    "orderId" UUID,
    "currency" TEXT NOT NULL,
    "newAmount" DECIMAL(18,4),
    "creditAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "chargeAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "upgradeFee" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "netAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "vatRate" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "vatAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "daysRemaining" INTEGER NOT NULL DEFAULT 0,
    "daysInCycle" INTEGER NOT NULL DEFAULT 0,
    "resizeJobId" UUID,
    "failureReason" TEXT,
    "executedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceUpgrade_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ServiceUpgrade_orderId_key" ON "ServiceUpgrade"("orderId");

-- CreateIndex
CREATE INDEX "ServiceUpgrade_serviceId_status_idx" ON "ServiceUpgrade"("serviceId", "status");

-- CreateIndex
CREATE INDEX "ServiceUpgrade_status_updatedAt_idx" ON "ServiceUpgrade"("status", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Order_resellerId_externalReference_key" ON "Order"("resellerId", "externalReference");

-- AddForeignKey
ALTER TABLE "ServiceUpgrade" ADD CONSTRAINT "ServiceUpgrade_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceUpgrade" ADD CONSTRAINT "ServiceUpgrade_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;
