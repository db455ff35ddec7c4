-- AlterTable
ALTER TABLE "DedicatedServer" ADD COLUMN     "portCountedAt" TIMESTAMP(3),
ADD COLUMN     "portRxBytes" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "portTxBytes" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "MachineSample" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "rxCounter" BIGINT NOT NULL,
    "txCounter" BIGINT NOT NULL,
    "rxBytes" BIGINT NOT NULL,
    "txBytes" BIGINT NOT NULL,
    "seconds" INTEGER NOT NULL,
    "cpuPct" DOUBLE PRECISION,
    "memUsedBytes" BIGINT,
    "memPct" DOUBLE PRECISION,
    "diskUsedBytes" BIGINT,
    "diskPct" DOUBLE PRECISION,

    CONSTRAINT "MachineSample_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MachineSample_at_idx" ON "MachineSample"("at");

-- CreateIndex
CREATE UNIQUE INDEX "MachineSample_serviceId_at_key" ON "MachineSample"("serviceId", "at");

-- AddForeignKey
ALTER TABLE "MachineSample" ADD CONSTRAINT "MachineSample_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;
