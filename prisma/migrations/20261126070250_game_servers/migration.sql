-- AlterEnum
ALTER TYPE "NodeKind" ADD VALUE 'game';

-- AlterTable
ALTER TABLE "Node" ADD COLUMN     "portRangeEnd" INTEGER,
ADD COLUMN     "portRangeStart" INTEGER;

-- CreateTable
CREATE TABLE "GameServer" (
    "id" UUID NOT NULL,
    "serviceId" UUID,
    "nodeId" UUID NOT NULL,
    "template" TEXT NOT NULL,
    "vars" JSONB NOT NULL DEFAULT '{}',
    "memoryMb" INTEGER NOT NULL,
    "diskMb" INTEGER NOT NULL,
    "heldDiskGb" INTEGER NOT NULL,
    "port" INTEGER NOT NULL,
    "sftpUsername" TEXT NOT NULL,
    "sftpRotatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "GameServer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GamePort" (
    "id" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "port" INTEGER NOT NULL,
    "gameServerId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GamePort_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GameServer_sftpUsername_key" ON "GameServer"("sftpUsername");

-- CreateIndex
CREATE INDEX "GameServer_serviceId_idx" ON "GameServer"("serviceId");

-- CreateIndex
CREATE INDEX "GameServer_nodeId_deletedAt_idx" ON "GameServer"("nodeId", "deletedAt");

-- CreateIndex
CREATE INDEX "GamePort_gameServerId_idx" ON "GamePort"("gameServerId");

-- CreateIndex
CREATE UNIQUE INDEX "GamePort_nodeId_port_key" ON "GamePort"("nodeId", "port");

-- AddForeignKey
ALTER TABLE "GameServer" ADD CONSTRAINT "GameServer_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameServer" ADD CONSTRAINT "GameServer_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GamePort" ADD CONSTRAINT "GamePort_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GamePort" ADD CONSTRAINT "GamePort_gameServerId_fkey" FOREIGN KEY ("gameServerId") REFERENCES "GameServer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A game node's port range is a real range of TCP ports (docs/game-servers.md#ports).
ALTER TABLE "Node" ADD CONSTRAINT "Node_portRange_check" CHECK (
  ("portRangeStart" IS NULL AND "portRangeEnd" IS NULL)
  OR ("portRangeStart" BETWEEN 1024 AND 65535 AND "portRangeEnd" BETWEEN "portRangeStart" AND 65535)
);
