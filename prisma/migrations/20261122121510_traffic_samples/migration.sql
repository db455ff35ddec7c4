-- AlterTable
ALTER TABLE "DedicatedServer" ADD COLUMN     "portCountedAt" TIMESTAMP(3),
ADD COLUMN     "portRxBytes" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "portTxBytes" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "TrafficSample" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "rxCounter" BIGINT NOT NULL,
    "txCounter" BIGINT NOT NULL,
    "rxBytes" BIGINT NOT NULL,
    "txBytes" BIGINT NOT NULL,
    "seconds" INTEGER NOT NULL,

    CONSTRAINT "TrafficSample_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrafficSample_at_idx" ON "TrafficSample"("at");

-- CreateIndex
CREATE UNIQUE INDEX "TrafficSample_serviceId_at_key" ON "TrafficSample"("serviceId", "at");

-- AddForeignKey
ALTER TABLE "TrafficSample" ADD CONSTRAINT "TrafficSample_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;
