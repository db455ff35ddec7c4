-- AlterTable
ALTER TABLE "PlatformSettings" ADD COLUMN     "invoiceFooter" TEXT,
ADD COLUMN     "legalAddress" TEXT,
ADD COLUMN     "legalEmail" TEXT,
ADD COLUMN     "legalName" TEXT,
ADD COLUMN     "legalRegistration" TEXT,
ADD COLUMN     "legalVatNumber" TEXT;
