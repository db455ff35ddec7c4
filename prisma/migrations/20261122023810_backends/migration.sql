-- CreateEnum
CREATE TYPE "NodeKind" AS ENUM ('vps', 'dedicated');

-- CreateEnum
CREATE TYPE "VmState" AS ENUM ('creating', 'running', 'stopped', 'paused', 'error');

-- CreateEnum
CREATE TYPE "OsInstallStatus" AS ENUM ('in_progress', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "VmSnapshotStatus" AS ENUM ('creating', 'available', 'reverting', 'deleting', 'error');

-- CreateEnum
CREATE TYPE "BackendJobState" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "DedicatedPowerState" AS ENUM ('on', 'off');

-- CreateEnum
CREATE TYPE "DedicatedProvisionState" AS ENUM ('available', 'reserved', 'pxe_booting', 'installing', 'rebooting', 'active', 'rescue', 'deploy_failed', 'cleaning', 'maintenance');

-- CreateTable
CREATE TABLE "Node" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "locationId" UUID NOT NULL,
    "kind" "NodeKind" NOT NULL,
    "driver" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "capacityVcpus" INTEGER NOT NULL DEFAULT 0,
    "capacityMemoryMb" INTEGER NOT NULL DEFAULT 0,
    "capacityDiskGb" INTEGER NOT NULL DEFAULT 0,
    "allocatedVcpus" INTEGER NOT NULL DEFAULT 0,
    "allocatedMemoryMb" INTEGER NOT NULL DEFAULT 0,
    "allocatedDiskGb" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Node_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NodeAllocation" (
    "id" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "vcpus" INTEGER NOT NULL,
    "memoryMb" INTEGER NOT NULL,
    "diskGb" INTEGER NOT NULL,
    "label" TEXT,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "NodeAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VirtualMachine" (
    "id" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "allocationId" UUID NOT NULL,
    "serviceId" UUID,
    "name" TEXT NOT NULL,
    "externalId" TEXT,
    "state" "VmState" NOT NULL DEFAULT 'creating',
    "vcpus" INTEGER NOT NULL,
    "memoryMb" INTEGER NOT NULL,
    "diskGb" INTEGER NOT NULL,
    "osImageId" UUID,
    "osName" TEXT,
    "osInstallStatus" "OsInstallStatus",
    "rescueMode" BOOLEAN NOT NULL DEFAULT false,
    "rootPasswordHash" TEXT,
    "sshKeys" TEXT[],
    "userData" TEXT,
    "diskRevision" INTEGER NOT NULL DEFAULT 0,
    "snapshotSeq" INTEGER NOT NULL DEFAULT 0,
    "bootedAt" TIMESTAMP(3),
    "diskJobId" UUID,
    "powerJobId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "destroyedAt" TIMESTAMP(3),

    CONSTRAINT "VirtualMachine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VmSnapshot" (
    "id" UUID NOT NULL,
    "vmId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" "VmSnapshotStatus" NOT NULL DEFAULT 'creating',
    "seq" INTEGER NOT NULL,
    "sizeBytes" BIGINT,
    "crashConsistent" BOOLEAN,
    "osImageId" UUID,
    "osName" TEXT,
    "diskRevision" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "VmSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BackendJob" (
    "id" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "vmId" UUID,
    "serverId" UUID,
    "operation" TEXT NOT NULL,
    "state" "BackendJobState" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "stepIndex" INTEGER NOT NULL DEFAULT -1,
    "step" TEXT,
    "params" JSONB NOT NULL DEFAULT '{}',
    "timeline" JSONB NOT NULL DEFAULT '[]',
    "result" JSONB,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "errorRetryable" BOOLEAN,
    "externalRef" TEXT,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "nextCheckAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BackendJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BackendFault" (
    "id" UUID NOT NULL,
    "nodeId" UUID,
    "vmId" UUID,
    "serverId" UUID,
    "operation" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "message" TEXT,
    "stage" TEXT NOT NULL DEFAULT 'job',
    "remaining" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BackendFault_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IpPool" (
    "id" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "cidr" TEXT NOT NULL,
    "gateway" TEXT,
    "prefixLength" INTEGER NOT NULL,
    "nodeKind" "NodeKind",
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IpPool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IpAddress" (
    "id" UUID NOT NULL,
    "poolId" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "allocationId" UUID,
    "vmId" UUID,
    "serverId" UUID,
    "purpose" TEXT,
    "reverseDns" TEXT,
    "assignedAt" TIMESTAMP(3),
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "IpAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DedicatedServer" (
    "id" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "serviceId" UUID,
    "name" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "manufacturer" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "specs" JSONB NOT NULL DEFAULT '{}',
    "serialNumber" TEXT,
    "bmcAddress" TEXT,
    "macAddress" TEXT,
    "rack" TEXT,
    "powerState" "DedicatedPowerState" NOT NULL DEFAULT 'off',
    "provisionState" "DedicatedProvisionState" NOT NULL DEFAULT 'available',
    "hostname" TEXT,
    "osImageId" UUID,
    "osName" TEXT,
    "rescueMode" BOOLEAN NOT NULL DEFAULT false,
    "rootPasswordHash" TEXT,
    "sshKeys" TEXT[],
    "provisionJobId" UUID,
    "powerJobId" UUID,
    "reservedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DedicatedServer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Node_name_key" ON "Node"("name");

-- CreateIndex
CREATE INDEX "Node_locationId_kind_enabled_idx" ON "Node"("locationId", "kind", "enabled");

-- CreateIndex
CREATE INDEX "NodeAllocation_nodeId_releasedAt_idx" ON "NodeAllocation"("nodeId", "releasedAt");

-- CreateIndex
CREATE INDEX "NodeAllocation_expiresAt_idx" ON "NodeAllocation"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "VirtualMachine_allocationId_key" ON "VirtualMachine"("allocationId");

-- CreateIndex
CREATE INDEX "VirtualMachine_nodeId_name_idx" ON "VirtualMachine"("nodeId", "name");

-- CreateIndex
CREATE INDEX "VirtualMachine_serviceId_idx" ON "VirtualMachine"("serviceId");

-- CreateIndex
CREATE INDEX "VmSnapshot_vmId_seq_idx" ON "VmSnapshot"("vmId", "seq");

-- CreateIndex
CREATE INDEX "BackendJob_state_nextCheckAt_idx" ON "BackendJob"("state", "nextCheckAt");

-- CreateIndex
CREATE INDEX "BackendJob_vmId_createdAt_idx" ON "BackendJob"("vmId", "createdAt");

-- CreateIndex
CREATE INDEX "BackendJob_serverId_createdAt_idx" ON "BackendJob"("serverId", "createdAt");

-- CreateIndex
CREATE INDEX "BackendFault_operation_idx" ON "BackendFault"("operation");

-- CreateIndex
CREATE UNIQUE INDEX "IpPool_locationId_name_key" ON "IpPool"("locationId", "name");

-- CreateIndex
CREATE INDEX "IpAddress_poolId_ordinal_idx" ON "IpAddress"("poolId", "ordinal");

-- CreateIndex
CREATE INDEX "IpAddress_allocationId_idx" ON "IpAddress"("allocationId");

-- CreateIndex
CREATE INDEX "IpAddress_vmId_idx" ON "IpAddress"("vmId");

-- CreateIndex
CREATE INDEX "IpAddress_serverId_idx" ON "IpAddress"("serverId");

-- CreateIndex
CREATE UNIQUE INDEX "IpAddress_poolId_address_key" ON "IpAddress"("poolId", "address");

-- CreateIndex
CREATE UNIQUE INDEX "DedicatedServer_name_key" ON "DedicatedServer"("name");

-- CreateIndex
CREATE INDEX "DedicatedServer_nodeId_sku_provisionState_idx" ON "DedicatedServer"("nodeId", "sku", "provisionState");

-- CreateIndex
CREATE INDEX "DedicatedServer_serviceId_idx" ON "DedicatedServer"("serviceId");

-- AddForeignKey
ALTER TABLE "Node" ADD CONSTRAINT "Node_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NodeAllocation" ADD CONSTRAINT "NodeAllocation_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VirtualMachine" ADD CONSTRAINT "VirtualMachine_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VirtualMachine" ADD CONSTRAINT "VirtualMachine_allocationId_fkey" FOREIGN KEY ("allocationId") REFERENCES "NodeAllocation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VirtualMachine" ADD CONSTRAINT "VirtualMachine_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VmSnapshot" ADD CONSTRAINT "VmSnapshot_vmId_fkey" FOREIGN KEY ("vmId") REFERENCES "VirtualMachine"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BackendJob" ADD CONSTRAINT "BackendJob_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BackendJob" ADD CONSTRAINT "BackendJob_vmId_fkey" FOREIGN KEY ("vmId") REFERENCES "VirtualMachine"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BackendJob" ADD CONSTRAINT "BackendJob_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "DedicatedServer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IpPool" ADD CONSTRAINT "IpPool_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IpAddress" ADD CONSTRAINT "IpAddress_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "IpPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IpAddress" ADD CONSTRAINT "IpAddress_allocationId_fkey" FOREIGN KEY ("allocationId") REFERENCES "NodeAllocation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IpAddress" ADD CONSTRAINT "IpAddress_vmId_fkey" FOREIGN KEY ("vmId") REFERENCES "VirtualMachine"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IpAddress" ADD CONSTRAINT "IpAddress_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "DedicatedServer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DedicatedServer" ADD CONSTRAINT "DedicatedServer_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DedicatedServer" ADD CONSTRAINT "DedicatedServer_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Added by hand (Prisma does not model check constraints and ignores them in diffs).
-- A node's allocated units are a sum of live allocations: never negative, whatever releases run.
ALTER TABLE "Node" ADD CONSTRAINT "Node_allocated_nonnegative" CHECK ("allocatedVcpus" >= 0 AND "allocatedMemoryMb" >= 0 AND "allocatedDiskGb" >= 0);

-- An address has at most one holder kind: an allocation and its machine, or a dedicated server.
ALTER TABLE "IpAddress" ADD CONSTRAINT "IpAddress_one_holder_kind" CHECK ("serverId" IS NULL OR ("allocationId" IS NULL AND "vmId" IS NULL));
