-- AlterTable
ALTER TABLE "User" DROP COLUMN "failedLoginCount",
DROP COLUMN "lockedUntil";

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastFailureAt" TIMESTAMP(3),
    "pending" INTEGER NOT NULL DEFAULT 0,
    "pendingSince" TIMESTAMP(3),

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);
