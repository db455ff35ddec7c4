-- CreateTable
CREATE TABLE "ConsoleSession" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accountId" UUID,
    "resellerId" UUID,
    "castId" UUID,
    "channel" TEXT NOT NULL DEFAULT 'rfb',
    "viewOnly" BOOLEAN NOT NULL DEFAULT false,
    "rfbPasswordSealed" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "closesAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "remoteAddress" TEXT,
    "closedAt" TIMESTAMP(3),
    "closeReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConsoleSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsoleCast" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "ticketHash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "viewOnly" BOOLEAN NOT NULL,
    "openExpiresAt" TIMESTAMP(3) NOT NULL,
    "viewerTtlSeconds" INTEGER NOT NULL,
    "viewerExpiresAt" TIMESTAMP(3),
    "firstOpenedAt" TIMESTAMP(3),
    "lastOpenedAt" TIMESTAMP(3),
    "openCount" INTEGER NOT NULL DEFAULT 0,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConsoleCast_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ConsoleSession_serviceId_createdAt_idx" ON "ConsoleSession"("serviceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleCast_ticketHash_key" ON "ConsoleCast"("ticketHash");

-- CreateIndex
CREATE INDEX "ConsoleCast_serviceId_createdAt_idx" ON "ConsoleCast"("serviceId", "createdAt");

-- AddForeignKey
ALTER TABLE "ConsoleSession" ADD CONSTRAINT "ConsoleSession_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsoleCast" ADD CONSTRAINT "ConsoleCast_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;
