-- CreateTable
CREATE TABLE "SignedOutSession" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "signedOutAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignedOutSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignedOutSession_expiresAt_idx" ON "SignedOutSession"("expiresAt");

-- CreateIndex
CREATE INDEX "SignedOutSession_userId_idx" ON "SignedOutSession"("userId");

-- AddForeignKey
ALTER TABLE "SignedOutSession" ADD CONSTRAINT "SignedOutSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
