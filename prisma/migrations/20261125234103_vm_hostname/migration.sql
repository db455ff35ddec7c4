-- AlterTable
ALTER TABLE "VirtualMachine" ADD COLUMN     "hostname" TEXT;
