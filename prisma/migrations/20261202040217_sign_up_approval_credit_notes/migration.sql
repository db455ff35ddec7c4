-- AlterEnum
ALTER TYPE "AccountStatus" ADD VALUE 'pending';

-- AlterTable
ALTER TABLE "PlatformSettings" ADD COLUMN     "signUpApproval" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "CreditNote" (
    "id" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "accountId" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "ledgerEntryId" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "subtotal" DECIMAL(18,4) NOT NULL,
    "vatRate" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "vatAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(18,4) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CreditNote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_number_key" ON "CreditNote"("number");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_ledgerEntryId_key" ON "CreditNote"("ledgerEntryId");

-- CreateIndex
CREATE INDEX "CreditNote_accountId_issuedAt_idx" ON "CreditNote"("accountId", "issuedAt");

-- CreateIndex
CREATE INDEX "CreditNote_invoiceId_idx" ON "CreditNote"("invoiceId");

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
