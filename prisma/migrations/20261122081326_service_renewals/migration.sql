-- CreateEnum
CREATE TYPE "ServiceRenewalStatus" AS ENUM ('open', 'paid', 'cancelled');

-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "hourlyChargedUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ServiceRenewal" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "status" "ServiceRenewalStatus" NOT NULL DEFAULT 'open',
    "source" TEXT NOT NULL,
    "invoiceId" UUID,
    "proformaId" UUID,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceRenewal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ServiceRenewal_status_idx" ON "ServiceRenewal"("status");

-- CreateIndex
CREATE INDEX "ServiceRenewal_invoiceId_idx" ON "ServiceRenewal"("invoiceId");

-- CreateIndex
CREATE INDEX "ServiceRenewal_proformaId_idx" ON "ServiceRenewal"("proformaId");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceRenewal_serviceId_periodStart_key" ON "ServiceRenewal"("serviceId", "periodStart");

-- AddForeignKey
ALTER TABLE "ServiceRenewal" ADD CONSTRAINT "ServiceRenewal_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;
