-- CreateTable
CREATE TABLE "ResellerChangeReference" (
    "id" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "externalReference" TEXT NOT NULL,
    "serviceId" UUID NOT NULL,
    "orderId" UUID,
    "result" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResellerChangeReference_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ResellerChangeReference_resellerId_externalReference_key" ON "ResellerChangeReference"("resellerId", "externalReference");

-- AddForeignKey
ALTER TABLE "ResellerChangeReference" ADD CONSTRAINT "ResellerChangeReference_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: every reference a paid change already took (Order.externalReference) stays taken, and the
-- order's changeResult remains the replay body. The order's id doubles as the row's id.
INSERT INTO "ResellerChangeReference" ("id", "resellerId", "externalReference", "serviceId", "orderId", "createdAt")
SELECT o."id", o."resellerId", o."externalReference", (o."changeResult"->>'serviceId')::uuid, o."id", o."createdAt"
FROM "Order" o
WHERE o."resellerId" IS NOT NULL AND o."externalReference" IS NOT NULL AND o."changeResult"->>'serviceId' IS NOT NULL;
