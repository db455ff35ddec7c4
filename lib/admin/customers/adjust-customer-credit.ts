import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { INSUFFICIENT_CREDIT, postCreditEntry } from "@/lib/billing/post-credit-entry";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatMoney } from "@/lib/format/format-money";
import { Prisma } from "@/lib/generated/prisma/client";
import { minorUnitDigits } from "@/lib/pricing/currency-digits";
import { isUuid } from "@/lib/schemas/uuid";
import { fieldError, parseInput, zEnum, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";

export const CREDIT_DIRECTIONS = ["add", "remove"] as const;
export type CreditDirection = (typeof CREDIT_DIRECTIONS)[number];

/** The longest reason an adjustment takes; it becomes the ledger row's description, which the customer reads. */
export const CREDIT_REASON_MAX = 200;

export interface AdjustCustomerCreditInput {
  accountId: string;
  /** Form text: "add" or "remove". */
  direction: string;
  /** Form text: a positive amount in the account's currency, at most its minor unit's places (2 at most). */
  amount: string;
  reason: string;
}

export interface CreditAdjustment {
  ledgerEntryId: string;
  direction: CreditDirection;
  amount: Prisma.Decimal;
  balanceAfter: Prisma.Decimal;
  currency: string;
}

/** The form's rules; the amount's places depend on the account's currency. */
const fieldsFor = (currency: string) =>
  z.object({
    direction: zEnum(CREDIT_DIRECTIONS, "Choose whether to add or remove credit."),
    amount: z.unknown().optional().transform((value, issue) => {
      const amount = parseAmount(value === undefined || value === null ? "" : String(value), currency);
      if (typeof amount !== "string") return amount;
      issue.addIssue({ code: "custom", message: amount });
      return z.NEVER;
    }),
    reason: zText("reason", CREDIT_REASON_MAX),
  });

/** The typed amount, or the sentence saying why it is not one. */
function parseAmount(text: string, currency: string): Prisma.Decimal | string {
  const s = text.trim().replace(",", ".");
  const places = Math.min(2, minorUnitDigits(currency));
  if (s === "") return "Enter an amount.";
  if (!/^\d{1,14}(\.\d+)?$/.test(s)) return places === 0 ? "Enter a whole amount like 1500, without a currency sign." : "Enter an amount like 12.50, without a currency sign.";
  const amount = new Prisma.Decimal(s);
  if (amount.decimalPlaces() > places) return places === 0 ? `Amounts in ${currency} are whole numbers.` : `At most ${places} decimal places in ${currency}.`;
  if (!amount.gt(0)) return "Enter an amount above zero.";
  return amount;
}

/**
 * Adds credit to a customer account or removes it, for a reason the customer sees: one `adjustment`
 * ledger row (its description is the reason) through postCreditEntry and one audit row, in one
 * transaction. The credit is the account's, which is its owner's (docs/billing.md). A removal
 * beyond the balance is refused on the amount field and changes nothing; concurrent removals are
 * settled by postCreditEntry's conditional UPDATE, so the balance never goes below zero.
 */
export async function adjustCustomerCredit(ctx: OperatorContext<Db>, input: AdjustCustomerCreditInput): Promise<CreditAdjustment> {
  const { db, now, actor } = ctx;
  const account = isUuid(input.accountId) ? await db.clientAccount.findUnique({ where: { id: input.accountId }, select: { id: true, currency: true } }) : null;
  if (!account) throw new DomainError("not_found", "Customer account not found");

  const { direction, amount, reason } = parseInput(fieldsFor(account.currency), input);

  return db.$transaction(async (tx) => {
    let posted;
    try {
      posted = await postCreditEntry(tx, {
        accountId: account.id,
        kind: "adjustment",
        amount: direction === "add" ? amount : amount.neg(),
        description: reason,
        at: now,
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.message !== INSUFFICIENT_CREDIT) throw error;
      const { creditBalance } = await tx.clientAccount.findUniqueOrThrow({ where: { id: account.id }, select: { creditBalance: true } });
      throw fieldError(
        "amount",
        `The balance is ${formatMoney(creditBalance, account.currency)}: ${formatMoney(amount, account.currency)} cannot be removed. Nothing was changed.`,
        "invalid",
      );
    }
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "customer.credit_adjusted",
      accountId: account.id,
      targetType: "credit_ledger_entry",
      targetId: posted.id,
      details: { direction, amount: amount.toFixed(), currency: posted.currency, balanceAfter: posted.balanceAfter.toFixed(), reason },
      ip: actor.ip,
      at: now,
    });
    return { ledgerEntryId: posted.id, direction, amount, balanceAfter: posted.balanceAfter, currency: posted.currency };
  });
}
