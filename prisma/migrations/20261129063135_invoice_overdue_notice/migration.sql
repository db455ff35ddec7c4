-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "overdueNoticedAt" TIMESTAMP(3);
