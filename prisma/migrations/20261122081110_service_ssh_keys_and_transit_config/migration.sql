-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "transitConfig" JSONB;

-- CreateTable
CREATE TABLE "ServiceSshKey" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "sshKeyId" UUID,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceSshKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ServiceSshKey_sshKeyId_idx" ON "ServiceSshKey"("sshKeyId");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceSshKey_serviceId_fingerprint_key" ON "ServiceSshKey"("serviceId", "fingerprint");

-- AddForeignKey
ALTER TABLE "ServiceSshKey" ADD CONSTRAINT "ServiceSshKey_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceSshKey" ADD CONSTRAINT "ServiceSshKey_sshKeyId_fkey" FOREIGN KEY ("sshKeyId") REFERENCES "SshKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
