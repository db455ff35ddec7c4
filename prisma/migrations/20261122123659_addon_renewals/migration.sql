-- CreateTable
CREATE TABLE "ServiceOptionRenewal" (
    "id" UUID NOT NULL,
    "serviceOptionId" UUID NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "status" "ServiceRenewalStatus" NOT NULL DEFAULT 'open',
    "invoiceId" UUID,
    "proformaId" UUID,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceOptionRenewal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ServiceOptionRenewal_status_idx" ON "ServiceOptionRenewal"("status");

-- CreateIndex
CREATE INDEX "ServiceOptionRenewal_invoiceId_idx" ON "ServiceOptionRenewal"("invoiceId");

-- CreateIndex
CREATE INDEX "ServiceOptionRenewal_proformaId_idx" ON "ServiceOptionRenewal"("proformaId");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceOptionRenewal_serviceOptionId_periodStart_key" ON "ServiceOptionRenewal"("serviceOptionId", "periodStart");

-- AddForeignKey
ALTER TABLE "ServiceOptionRenewal" ADD CONSTRAINT "ServiceOptionRenewal_serviceOptionId_fkey" FOREIGN KEY ("serviceOptionId") REFERENCES "ServiceOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;
