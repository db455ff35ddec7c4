import type { DbOrTx } from "@/lib/db/client";
import { Prisma, type LedgerEntryKind } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";

export const INSUFFICIENT_CREDIT = "Insufficient credit balance";

export interface CreditEntryInput {
  accountId: string;
  kind: LedgerEntryKind;
  /** Positive adds credit, negative spends it. */
  amount: Prisma.Decimal;
  description: string;
  invoiceId?: string | null;
  proformaId?: string | null;
  orderId?: string | null;
  paymentId?: string | null;
  /** The service a refund is for (refund-once checks read it). */
  serviceId?: string | null;
  /** Defaults to the instant of the database's clock. */
  at?: Date;
}

export interface PostedCreditEntry {
  id: string;
  balanceAfter: Prisma.Decimal;
  currency: string;
}

/**
 * The only way a credit balance changes: one conditional UPDATE of the cached balance and the
 * ledger row with the balance after it, in the caller's transaction. A debit that would take
 * the balance below zero changes nothing and throws `Insufficient credit balance`. The UPDATE
 * holds the account row's lock until the transaction ends, so concurrent spends of the same
 * balance are serialised by the database, never by the process.
 */
export async function postCreditEntry(tx: DbOrTx, input: CreditEntryInput): Promise<PostedCreditEntry> {
  if (input.amount.isZero()) throw new Error("A credit entry of zero moves nothing; do not write one.");
  const amount = input.amount.toFixed(4);
  const rows = await tx.$queryRaw<{ creditBalance: Prisma.Decimal | string; currency: string }[]>`
    UPDATE "ClientAccount" SET "creditBalance" = "creditBalance" + ${amount}::numeric, "updatedAt" = now()
    WHERE "id" = ${input.accountId}::uuid AND "creditBalance" + ${amount}::numeric >= 0
    RETURNING "creditBalance", "currency"`;
  const row = rows[0];
  if (!row) {
    const exists = await tx.clientAccount.count({ where: { id: input.accountId } });
    if (!exists) throw new Error(`Account ${input.accountId} does not exist.`);
    throw new DomainError("invalid", INSUFFICIENT_CREDIT);
  }
  const balanceAfter = new Prisma.Decimal(row.creditBalance);
  const entry = await tx.creditLedgerEntry.create({
    data: {
      accountId: input.accountId,
      kind: input.kind,
      amount: new Prisma.Decimal(amount),
      balanceAfter,
      currency: row.currency,
      description: input.description,
      invoiceId: input.invoiceId ?? null,
      proformaId: input.proformaId ?? null,
      orderId: input.orderId ?? null,
      paymentId: input.paymentId ?? null,
      serviceId: input.serviceId ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    },
    select: { id: true },
  });

  return { id: entry.id, balanceAfter, currency: row.currency };
}
