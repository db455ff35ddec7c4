-- CreateEnum
CREATE TYPE "PaymentPurpose" AS ENUM ('order', 'document', 'top_up');

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "actionUrl" TEXT,
ADD COLUMN     "purpose" "PaymentPurpose" NOT NULL DEFAULT 'order',
ADD COLUMN     "userId" UUID;

-- AlterTable
ALTER TABLE "PaymentMethod" ADD COLUMN     "gatewayCustomer" TEXT;

-- AlterTable
ALTER TABLE "PlatformSettings" ADD COLUMN     "topUpMaximum" DECIMAL(18,4) NOT NULL DEFAULT 1000,
ADD COLUMN     "topUpMinimum" DECIMAL(18,4) NOT NULL DEFAULT 5,
ADD COLUMN     "topUpPresets" INTEGER[] DEFAULT ARRAY[10, 25, 50, 100]::INTEGER[];

-- A document's own card payment (a renewal) has no order.
UPDATE "Payment" SET "purpose" = 'document' WHERE "orderId" IS NULL AND ("invoiceId" IS NOT NULL OR "proformaId" IS NOT NULL);
