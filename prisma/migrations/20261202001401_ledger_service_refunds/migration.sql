-- AlterTable
ALTER TABLE "CreditLedgerEntry" ADD COLUMN     "serviceId" UUID;

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_orderId_kind_idx" ON "CreditLedgerEntry"("orderId", "kind");

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_serviceId_kind_idx" ON "CreditLedgerEntry"("serviceId", "kind");

-- Refunds of services that could not be built named the service only in their description,
-- "Refund: service <name> (<uuid>) could not be built": give them the column.
UPDATE "CreditLedgerEntry"
SET "serviceId" = (substring("description" from '\(([0-9a-fA-F-]{36})\) could not be built$'))::uuid
WHERE "kind" = 'refund' AND "serviceId" IS NULL AND "description" ~ '\([0-9a-fA-F-]{36}\) could not be built$';
