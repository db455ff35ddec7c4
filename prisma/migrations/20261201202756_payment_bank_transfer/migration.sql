-- AlterEnum
ALTER TYPE "PaymentMethodKind" ADD VALUE 'bank_transfer';
