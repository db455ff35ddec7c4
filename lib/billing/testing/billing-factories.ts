import type { DbOrTx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { nextDocumentNumber } from "../next-document-number";

// Test-only: billing documents inserted directly (creating them for orders is lib/billing/create-*.ts,
// owned by the order flow). Numbers come from nextDocumentNumber like real documents.

export interface DocumentLineInput {
  description?: string;
  amount: string;
  serviceId?: string | null;
}

export interface MakeDocumentInput {
  accountId: string;
  /** Lines; default one line of 10.00. VAT is `vatRate` % of their sum, rounded to cents. */
  lines?: DocumentLineInput[];
  vatRate?: string;
  currency?: string;
  orderId?: string | null;
  issuedAt?: Date;
}

function figures(input: MakeDocumentInput) {
  const lines = input.lines ?? [{ amount: "10.00" }];
  const subtotal = lines.reduce((s, l) => s.plus(l.amount), new Prisma.Decimal(0));
  const vatRate = new Prisma.Decimal(input.vatRate ?? "0");
  const vatAmount = subtotal.times(vatRate).dividedBy(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
  const issuedAt = input.issuedAt ?? new Date("2026-04-01T09:00:00Z");
  return {
    issuedAt,
    common: {
      accountId: input.accountId,
      orderId: input.orderId ?? null,
      currency: input.currency ?? "EUR",
      subtotal,
      vatRate,
      vatAmount,
      total: subtotal.plus(vatAmount),
      dueDate: new Date(issuedAt.getTime() + 7 * 86_400_000),
      issuedAt,
    },
    items: lines.map((l, i) => ({
      description: l.description ?? `Line ${i + 1}`,
      quantity: 1,
      unitAmount: new Prisma.Decimal(l.amount),
      amount: new Prisma.Decimal(l.amount),
      serviceId: l.serviceId ?? null,
    })),
  };
}

export async function makeInvoice(db: DbOrTx, input: MakeDocumentInput) {
  const f = figures(input);
  return db.invoice.create({
    data: { ...f.common, number: await nextDocumentNumber(db, "invoice", f.issuedAt), items: { create: f.items } },
  });
}

export async function makeProforma(db: DbOrTx, input: MakeDocumentInput) {
  const f = figures(input);
  return db.proforma.create({
    data: { ...f.common, number: await nextDocumentNumber(db, "proforma", f.issuedAt), items: { create: f.items } },
  });
}

/** Σ ledger amounts of an account, to compare with its cached creditBalance. */
export async function ledgerSum(db: DbOrTx, accountId: string): Promise<Prisma.Decimal> {
  const { _sum } = await db.creditLedgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  return _sum.amount ?? new Prisma.Decimal(0);
}
