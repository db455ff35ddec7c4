-- CreateEnum
CREATE TYPE "AccountStatus" AS ENUM ('active', 'suspended', 'closed');

-- CreateEnum
CREATE TYPE "ResellerPaymentMode" AS ENUM ('saved_method', 'credit', 'invoice');

-- CreateEnum
CREATE TYPE "ResellerProfileStatus" AS ENUM ('pending', 'active', 'suspended', 'closed');

-- CreateEnum
CREATE TYPE "BillingCycle" AS ENUM ('monthly', 'quarterly', 'semi-annually', 'annually', 'hourly');

-- CreateEnum
CREATE TYPE "ProductKind" AS ENUM ('vps', 'dedicated', 'game', 'ip_transit', 'colocation', 'generic');

-- CreateEnum
CREATE TYPE "OptionPricingType" AS ENUM ('recurring', 'one_time');

-- CreateEnum
CREATE TYPE "OrderType" AS ENUM ('new', 'upgrade', 'addon', 'renewal');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('pending', 'paid', 'invoiced', 'payment_failed', 'provisioning_failed', 'active', 'cancelled');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'processing', 'paid', 'failed', 'refunded');

-- CreateEnum
CREATE TYPE "ProvisioningStatus" AS ENUM ('pending', 'provisioned', 'failed');

-- CreateEnum
CREATE TYPE "OrderPaymentMode" AS ENUM ('saved_method', 'credit', 'invoice', 'storefront');

-- CreateEnum
CREATE TYPE "ServiceStatus" AS ENUM ('pending', 'pending_payment', 'installing', 'active', 'suspended', 'provisioning_failed', 'cancelled', 'terminated', 'fraud');

-- CreateEnum
CREATE TYPE "ServiceOptionStatus" AS ENUM ('pending_payment', 'active', 'cancelled');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('unpaid', 'paid', 'cancelled', 'refunded');

-- CreateEnum
CREATE TYPE "ProformaStatus" AS ENUM ('unpaid', 'paid', 'converted', 'cancelled');

-- CreateEnum
CREATE TYPE "PaymentMethodKind" AS ENUM ('credit', 'card');

-- CreateEnum
CREATE TYPE "LedgerEntryKind" AS ENUM ('top_up', 'payment', 'refund', 'adjustment', 'hourly_charge');

-- CreateEnum
CREATE TYPE "JobRunStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "isOperator" BOOLEAN NOT NULL DEFAULT false,
    "sessionVersion" INTEGER NOT NULL DEFAULT 1,
    "totpSecret" TEXT,
    "totpEnabledAt" TIMESTAMP(3),
    "totpLastStep" BIGINT,
    "failedLoginCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClientAccount" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "ownerId" UUID NOT NULL,
    "company" TEXT,
    "country" TEXT NOT NULL DEFAULT 'GB',
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "vatNumber" TEXT,
    "status" "AccountStatus" NOT NULL DEFAULT 'active',
    "autoCredit" BOOLEAN NOT NULL DEFAULT false,
    "creditBalance" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClientAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeamMember" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "permissions" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TeamMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT,
    "colour" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerApiKey" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "lookupId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "scopes" TEXT[],
    "ipAllowlist" TEXT[],
    "projectId" UUID,
    "expiresAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SshKey" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "userId" UUID,
    "projectId" UUID,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SshKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlatformSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "baseCurrency" TEXT NOT NULL DEFAULT 'EUR',
    "customerApiEnabled" BOOLEAN NOT NULL DEFAULT true,
    "nativeVpsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "dedicatedEnabled" BOOLEAN NOT NULL DEFAULT true,
    "gameEnabled" BOOLEAN NOT NULL DEFAULT true,
    "customerHourlyLimit" INTEGER NOT NULL DEFAULT 1000,
    "hourlyMinimumCredit" DECIMAL(18,4) NOT NULL DEFAULT 10,
    "issueProformas" BOOLEAN NOT NULL DEFAULT false,
    "invoiceDueDays" INTEGER NOT NULL DEFAULT 7,
    "suspensionGraceDays" INTEGER NOT NULL DEFAULT 3,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlatformSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerProgramme" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "paymentMode" "ResellerPaymentMode" NOT NULL DEFAULT 'credit',
    "minimumOrderAmount" DECIMAL(18,4),
    "accountHourlyLimit" INTEGER NOT NULL DEFAULT 5000,
    "webhookMaxAttempts" INTEGER NOT NULL DEFAULT 20,
    "peerConnectionsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResellerProgramme_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExchangeRate" (
    "id" UUID NOT NULL,
    "baseCurrency" TEXT NOT NULL,
    "quoteCurrency" TEXT NOT NULL,
    "rate" DECIMAL(18,8) NOT NULL,
    "effectiveAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExchangeRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerProfile" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "status" "ResellerProfileStatus" NOT NULL DEFAULT 'pending',
    "tierId" UUID,
    "defaultDiscountPercent" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "signingSecret" TEXT NOT NULL,
    "webhookUrl" TEXT,
    "hourlyLimit" INTEGER,
    "approvedAt" TIMESTAMP(3),
    "suspendedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResellerProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerApiKey" (
    "id" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "lookupId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "scopes" TEXT[],
    "hourlyLimit" INTEGER,
    "customerId" UUID,
    "expiresAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResellerApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerCustomer" (
    "id" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "externalCustomerId" TEXT NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResellerCustomer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerPriceOverride" (
    "id" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "cycle" "BillingCycle" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "setupFee" DECIMAL(18,4),

    CONSTRAINT "ResellerPriceOverride_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerProductDiscount" (
    "id" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "percent" DECIMAL(5,2) NOT NULL,

    CONSTRAINT "ResellerProductDiscount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerProductCap" (
    "id" UUID NOT NULL,
    "resellerId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "maxUnits" INTEGER NOT NULL,

    CONSTRAINT "ResellerProductCap_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tier" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL,
    "minMonthlyRunRate" DECIMAL(18,4) NOT NULL,
    "defaultDiscountPercent" DECIMAL(5,2) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TierCategoryDiscount" (
    "id" UUID NOT NULL,
    "tierId" UUID NOT NULL,
    "categoryId" UUID NOT NULL,
    "percent" DECIMAL(5,2) NOT NULL,

    CONSTRAINT "TierCategoryDiscount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TierPrice" (
    "id" UUID NOT NULL,
    "tierId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "cycle" "BillingCycle" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "setupFee" DECIMAL(18,4),

    CONSTRAINT "TierPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TierOptionPrice" (
    "id" UUID NOT NULL,
    "tierId" UUID NOT NULL,
    "optionId" UUID NOT NULL,
    "cycle" "BillingCycle" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "setupFee" DECIMAL(18,4),

    CONSTRAINT "TierOptionPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductCategory" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "disabledCycles" "BillingCycle"[],
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" UUID NOT NULL,
    "categoryId" UUID,
    "kind" "ProductKind" NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT,
    "specs" JSONB NOT NULL DEFAULT '{}',
    "setupFee" DECIMAL(18,4),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "forcedUnavailable" BOOLEAN NOT NULL DEFAULT false,
    "snapshotLimit" INTEGER NOT NULL DEFAULT 0,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductPrice" (
    "id" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "cycle" "BillingCycle" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,

    CONSTRAINT "ProductPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductUpgradePath" (
    "id" UUID NOT NULL,
    "fromProductId" UUID NOT NULL,
    "toProductId" UUID NOT NULL,

    CONSTRAINT "ProductUpgradePath_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductOption" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT,
    "pricingType" "OptionPricingType" NOT NULL,
    "maxQuantity" INTEGER,
    "setupFee" DECIMAL(18,4),
    "oneTimePrice" DECIMAL(18,4),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductOptionPrice" (
    "id" UUID NOT NULL,
    "optionId" UUID NOT NULL,
    "cycle" "BillingCycle" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,

    CONSTRAINT "ProductOptionPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductOptionAssignment" (
    "productId" UUID NOT NULL,
    "optionId" UUID NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "ProductOptionAssignment_pkey" PRIMARY KEY ("productId","optionId")
);

-- CreateTable
CREATE TABLE "Location" (
    "id" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "countryCode" TEXT NOT NULL,
    "flag" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductLocation" (
    "productId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "surchargeMonthly" DECIMAL(18,4),
    "surchargeSetup" DECIMAL(18,4),
    "capacity" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "ProductLocation_pkey" PRIMARY KEY ("productId","locationId")
);

-- CreateTable
CREATE TABLE "OsImage" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "distro" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "logoUrl" TEXT,
    "orderable" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OsImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductOsImage" (
    "productId" UUID NOT NULL,
    "osImageId" UUID NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ProductOsImage_pkey" PRIMARY KEY ("productId","osImageId")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" UUID NOT NULL,
    "orderNumber" TEXT NOT NULL,
    "accountId" UUID NOT NULL,
    "projectId" UUID,
    "resellerId" UUID,
    "resellerCustomerId" UUID,
    "externalOrderId" TEXT,
    "idempotencyKey" TEXT,
    "orderType" "OrderType" NOT NULL DEFAULT 'new',
    "status" "OrderStatus" NOT NULL DEFAULT 'pending',
    "paymentStatus" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "paymentMode" "OrderPaymentMode",
    "provisioningStatus" "ProvisioningStatus",
    "provisioningError" TEXT,
    "paymentFailedReason" TEXT,
    "currency" TEXT NOT NULL,
    "exchangeRate" DECIMAL(18,8) NOT NULL DEFAULT 1,
    "baseCurrency" TEXT NOT NULL,
    "baseAmount" DECIMAL(18,4) NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "vatRate" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "vat" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(18,4) NOT NULL,
    "requestHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderItem" (
    "id" UUID NOT NULL,
    "orderId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "billingCycle" "BillingCycle" NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "unitPrice" DECIMAL(18,4) NOT NULL,
    "setupFee" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "priceRule" TEXT NOT NULL,
    "locationId" UUID,
    "hostname" TEXT,
    "configuration" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "OrderItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderItemOption" (
    "id" UUID NOT NULL,
    "orderItemId" UUID NOT NULL,
    "optionId" UUID NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitPrice" DECIMAL(18,4) NOT NULL,
    "setupFee" DECIMAL(18,4) NOT NULL DEFAULT 0,

    CONSTRAINT "OrderItemOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Service" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "projectId" UUID,
    "orderId" UUID,
    "orderItemId" UUID,
    "productId" UUID NOT NULL,
    "resellerCustomerId" UUID,
    "externalServiceId" TEXT,
    "name" TEXT NOT NULL,
    "hostname" TEXT,
    "status" "ServiceStatus" NOT NULL DEFAULT 'pending',
    "billingCycle" "BillingCycle" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "currency" TEXT NOT NULL,
    "nextDueDate" TIMESTAMP(3),
    "locationId" UUID,
    "locationSurchargeMonthly" DECIMAL(18,4),
    "cancellationScheduledDate" TIMESTAMP(3),
    "cancellationReason" TEXT,
    "suspendReason" TEXT,
    "failureCode" TEXT,
    "failureDetail" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "terminatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Service_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceOption" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "optionId" UUID NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "status" "ServiceOptionStatus" NOT NULL DEFAULT 'pending_payment',
    "amount" DECIMAL(18,4),
    "setupFee" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "nextDueDate" TIMESTAMP(3),
    "terminationDate" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "accountId" UUID NOT NULL,
    "orderId" UUID,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'unpaid',
    "currency" TEXT NOT NULL,
    "subtotal" DECIMAL(18,4) NOT NULL,
    "vatRate" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "vatAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(18,4) NOT NULL,
    "paidAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "dueDate" TIMESTAMP(3) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceItem" (
    "id" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "serviceId" UUID,
    "description" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "unitAmount" DECIMAL(18,4) NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,

    CONSTRAINT "InvoiceItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Proforma" (
    "id" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "accountId" UUID NOT NULL,
    "orderId" UUID,
    "invoiceId" UUID,
    "status" "ProformaStatus" NOT NULL DEFAULT 'unpaid',
    "currency" TEXT NOT NULL,
    "subtotal" DECIMAL(18,4) NOT NULL,
    "vatRate" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "vatAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(18,4) NOT NULL,
    "paidAmount" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "dueDate" TIMESTAMP(3) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Proforma_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProformaItem" (
    "id" UUID NOT NULL,
    "proformaId" UUID NOT NULL,
    "serviceId" UUID,
    "description" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "unitAmount" DECIMAL(18,4) NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,

    CONSTRAINT "ProformaItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "invoiceId" UUID,
    "proformaId" UUID,
    "orderId" UUID,
    "paymentMethodId" UUID,
    "method" "PaymentMethodKind" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "gatewayReference" TEXT,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentMethod" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "gateway" TEXT NOT NULL DEFAULT 'test',
    "type" TEXT NOT NULL DEFAULT 'card',
    "label" TEXT NOT NULL,
    "cardBrand" TEXT,
    "cardLastFour" TEXT,
    "expMonth" INTEGER,
    "expYear" INTEGER,
    "gatewayToken" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "lastUsedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentMethod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditLedgerEntry" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "kind" "LedgerEntryKind" NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "balanceAfter" DECIMAL(18,4) NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "invoiceId" UUID,
    "proformaId" UUID,
    "orderId" UUID,
    "paymentId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxEvent" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "resellerId" UUID,
    "accountId" UUID,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMP(3),

    CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobEvent" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "ts" BIGINT NOT NULL,
    "idempotencyId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobRun" (
    "id" UUID NOT NULL,
    "functionId" TEXT NOT NULL,
    "eventId" UUID,
    "event" JSONB NOT NULL,
    "status" "JobRunStatus" NOT NULL DEFAULT 'queued',
    "steps" JSONB NOT NULL DEFAULT '{}',
    "stack" JSONB NOT NULL DEFAULT '[]',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "stepAttempts" JSONB NOT NULL DEFAULT '{}',
    "pending" JSONB NOT NULL DEFAULT '[]',
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lockedBy" TEXT,
    "output" JSONB,
    "error" JSONB,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobWait" (
    "id" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "stepId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "ifExpr" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobWait_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobCronTick" (
    "functionId" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobCronTick_pkey" PRIMARY KEY ("functionId","cron","minute")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "RecoveryCode_userId_idx" ON "RecoveryCode"("userId");

-- CreateIndex
CREATE INDEX "ClientAccount_ownerId_idx" ON "ClientAccount"("ownerId");

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_accountId_userId_key" ON "TeamMember"("accountId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Project_accountId_slug_key" ON "Project"("accountId", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerApiKey_lookupId_key" ON "CustomerApiKey"("lookupId");

-- CreateIndex
CREATE INDEX "CustomerApiKey_accountId_idx" ON "CustomerApiKey"("accountId");

-- CreateIndex
CREATE INDEX "SshKey_accountId_idx" ON "SshKey"("accountId");

-- CreateIndex
CREATE INDEX "ExchangeRate_baseCurrency_quoteCurrency_effectiveAt_idx" ON "ExchangeRate"("baseCurrency", "quoteCurrency", "effectiveAt");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerProfile_accountId_key" ON "ResellerProfile"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerApiKey_lookupId_key" ON "ResellerApiKey"("lookupId");

-- CreateIndex
CREATE INDEX "ResellerApiKey_resellerId_idx" ON "ResellerApiKey"("resellerId");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerCustomer_resellerId_externalCustomerId_key" ON "ResellerCustomer"("resellerId", "externalCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerPriceOverride_resellerId_productId_cycle_key" ON "ResellerPriceOverride"("resellerId", "productId", "cycle");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerProductDiscount_resellerId_productId_key" ON "ResellerProductDiscount"("resellerId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerProductCap_resellerId_productId_key" ON "ResellerProductCap"("resellerId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "Tier_name_key" ON "Tier"("name");

-- CreateIndex
CREATE UNIQUE INDEX "TierCategoryDiscount_tierId_categoryId_key" ON "TierCategoryDiscount"("tierId", "categoryId");

-- CreateIndex
CREATE UNIQUE INDEX "TierPrice_tierId_productId_cycle_key" ON "TierPrice"("tierId", "productId", "cycle");

-- CreateIndex
CREATE UNIQUE INDEX "TierOptionPrice_tierId_optionId_cycle_key" ON "TierOptionPrice"("tierId", "optionId", "cycle");

-- CreateIndex
CREATE UNIQUE INDEX "ProductCategory_slug_key" ON "ProductCategory"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Product_slug_key" ON "Product"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ProductPrice_productId_cycle_key" ON "ProductPrice"("productId", "cycle");

-- CreateIndex
CREATE UNIQUE INDEX "ProductUpgradePath_fromProductId_toProductId_key" ON "ProductUpgradePath"("fromProductId", "toProductId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductOption_slug_key" ON "ProductOption"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ProductOptionPrice_optionId_cycle_key" ON "ProductOptionPrice"("optionId", "cycle");

-- CreateIndex
CREATE UNIQUE INDEX "Location_value_key" ON "Location"("value");

-- CreateIndex
CREATE UNIQUE INDEX "OsImage_slug_key" ON "OsImage"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Order_orderNumber_key" ON "Order"("orderNumber");

-- CreateIndex
CREATE INDEX "Order_accountId_createdAt_idx" ON "Order"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Order_resellerId_externalOrderId_key" ON "Order"("resellerId", "externalOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_accountId_idempotencyKey_key" ON "Order"("accountId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "Service_accountId_status_idx" ON "Service"("accountId", "status");

-- CreateIndex
CREATE INDEX "ServiceOption_serviceId_idx" ON "ServiceOption"("serviceId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");

-- CreateIndex
CREATE INDEX "Invoice_accountId_status_idx" ON "Invoice"("accountId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Proforma_number_key" ON "Proforma"("number");

-- CreateIndex
CREATE INDEX "Proforma_accountId_status_idx" ON "Proforma"("accountId", "status");

-- CreateIndex
CREATE INDEX "Payment_accountId_createdAt_idx" ON "Payment"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentMethod_accountId_idx" ON "PaymentMethod"("accountId");

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_accountId_createdAt_idx" ON "CreditLedgerEntry"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_dispatchedAt_createdAt_idx" ON "OutboxEvent"("dispatchedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "JobEvent_idempotencyId_key" ON "JobEvent"("idempotencyId");

-- CreateIndex
CREATE INDEX "JobEvent_name_createdAt_idx" ON "JobEvent"("name", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "JobRun_idempotencyKey_key" ON "JobRun"("idempotencyKey");

-- CreateIndex
CREATE INDEX "JobRun_status_runAt_idx" ON "JobRun"("status", "runAt");

-- CreateIndex
CREATE INDEX "JobRun_functionId_createdAt_idx" ON "JobRun"("functionId", "createdAt");

-- CreateIndex
CREATE INDEX "JobWait_eventName_idx" ON "JobWait"("eventName");

-- CreateIndex
CREATE INDEX "JobWait_expiresAt_idx" ON "JobWait"("expiresAt");

-- AddForeignKey
ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClientAccount" ADD CONSTRAINT "ClientAccount_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerApiKey" ADD CONSTRAINT "CustomerApiKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerApiKey" ADD CONSTRAINT "CustomerApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerApiKey" ADD CONSTRAINT "CustomerApiKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SshKey" ADD CONSTRAINT "SshKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SshKey" ADD CONSTRAINT "SshKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SshKey" ADD CONSTRAINT "SshKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerProfile" ADD CONSTRAINT "ResellerProfile_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerProfile" ADD CONSTRAINT "ResellerProfile_tierId_fkey" FOREIGN KEY ("tierId") REFERENCES "Tier"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerApiKey" ADD CONSTRAINT "ResellerApiKey_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerApiKey" ADD CONSTRAINT "ResellerApiKey_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "ResellerCustomer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerCustomer" ADD CONSTRAINT "ResellerCustomer_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerPriceOverride" ADD CONSTRAINT "ResellerPriceOverride_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerPriceOverride" ADD CONSTRAINT "ResellerPriceOverride_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerProductDiscount" ADD CONSTRAINT "ResellerProductDiscount_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerProductDiscount" ADD CONSTRAINT "ResellerProductDiscount_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerProductCap" ADD CONSTRAINT "ResellerProductCap_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerProductCap" ADD CONSTRAINT "ResellerProductCap_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TierCategoryDiscount" ADD CONSTRAINT "TierCategoryDiscount_tierId_fkey" FOREIGN KEY ("tierId") REFERENCES "Tier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TierCategoryDiscount" ADD CONSTRAINT "TierCategoryDiscount_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProductCategory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TierPrice" ADD CONSTRAINT "TierPrice_tierId_fkey" FOREIGN KEY ("tierId") REFERENCES "Tier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TierPrice" ADD CONSTRAINT "TierPrice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TierOptionPrice" ADD CONSTRAINT "TierOptionPrice_tierId_fkey" FOREIGN KEY ("tierId") REFERENCES "Tier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TierOptionPrice" ADD CONSTRAINT "TierOptionPrice_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProductCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductPrice" ADD CONSTRAINT "ProductPrice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductUpgradePath" ADD CONSTRAINT "ProductUpgradePath_fromProductId_fkey" FOREIGN KEY ("fromProductId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductUpgradePath" ADD CONSTRAINT "ProductUpgradePath_toProductId_fkey" FOREIGN KEY ("toProductId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOptionPrice" ADD CONSTRAINT "ProductOptionPrice_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOptionAssignment" ADD CONSTRAINT "ProductOptionAssignment_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOptionAssignment" ADD CONSTRAINT "ProductOptionAssignment_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductLocation" ADD CONSTRAINT "ProductLocation_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductLocation" ADD CONSTRAINT "ProductLocation_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOsImage" ADD CONSTRAINT "ProductOsImage_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOsImage" ADD CONSTRAINT "ProductOsImage_osImageId_fkey" FOREIGN KEY ("osImageId") REFERENCES "OsImage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_resellerCustomerId_fkey" FOREIGN KEY ("resellerCustomerId") REFERENCES "ResellerCustomer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItemOption" ADD CONSTRAINT "OrderItemOption_orderItemId_fkey" FOREIGN KEY ("orderItemId") REFERENCES "OrderItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItemOption" ADD CONSTRAINT "OrderItemOption_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductOption"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_orderItemId_fkey" FOREIGN KEY ("orderItemId") REFERENCES "OrderItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_resellerCustomerId_fkey" FOREIGN KEY ("resellerCustomerId") REFERENCES "ResellerCustomer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceOption" ADD CONSTRAINT "ServiceOption_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceOption" ADD CONSTRAINT "ServiceOption_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductOption"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceItem" ADD CONSTRAINT "InvoiceItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceItem" ADD CONSTRAINT "InvoiceItem_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proforma" ADD CONSTRAINT "Proforma_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proforma" ADD CONSTRAINT "Proforma_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proforma" ADD CONSTRAINT "Proforma_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProformaItem" ADD CONSTRAINT "ProformaItem_proformaId_fkey" FOREIGN KEY ("proformaId") REFERENCES "Proforma"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_proformaId_fkey" FOREIGN KEY ("proformaId") REFERENCES "Proforma"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_paymentMethodId_fkey" FOREIGN KEY ("paymentMethodId") REFERENCES "PaymentMethod"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentMethod" ADD CONSTRAINT "PaymentMethod_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ClientAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxEvent" ADD CONSTRAINT "OutboxEvent_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "ResellerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobWait" ADD CONSTRAINT "JobWait_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JobRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Credit can never go below zero: a spend that would do so fails in the database, not in JavaScript.
ALTER TABLE "ClientAccount" ADD CONSTRAINT "ClientAccount_creditBalance_nonnegative" CHECK ("creditBalance" >= 0);
