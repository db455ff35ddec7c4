-- AlterTable
ALTER TABLE "ResellerProfile" ADD COLUMN     "application" JSONB;
