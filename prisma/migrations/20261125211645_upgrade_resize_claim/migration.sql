-- AlterTable
ALTER TABLE "ServiceUpgrade" ADD COLUMN     "resizeClaimedAt" TIMESTAMP(3);
