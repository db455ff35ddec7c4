-- CreateTable
CREATE TABLE "NodeImageCache" (
    "id" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "sha256" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "sizeBytes" BIGINT NOT NULL,
    "virtualSizeBytes" BIGINT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NodeImageCache_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NodeImageCache_nodeId_sha256_key" ON "NodeImageCache"("nodeId", "sha256");

-- AddForeignKey
ALTER TABLE "NodeImageCache" ADD CONSTRAINT "NodeImageCache_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE CASCADE ON UPDATE CASCADE;
