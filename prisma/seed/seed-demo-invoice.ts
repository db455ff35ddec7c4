import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { nextDocumentNumber } from "@/lib/billing/next-document-number";

export const DEMO_INVOICE_LINES = [
  { description: "Backup storage 100 GB, monthly", amount: "8.00" },
  { description: "Additional IPv4 address, monthly", amount: "2.00" },
] as const;
/** Dutch VAT, the demo customer's country. */
const DEMO_INVOICE_VAT_RATE = "21";

/**
 * One unpaid invoice for the demo customer (12.10 EUR: 10.00 plus 21 % VAT), so a newcomer can try
 * paying from credit in the panel or with `POST /v1/invoices/{id}/pay`, and the billing end-to-end
 * test has something to pay. Its lines name no service: paying it releases nothing.
 */
export async function seedDemoInvoice(tx: Tx, accountId: string, now: Date): Promise<{ id: string; number: string }> {
  const subtotal = DEMO_INVOICE_LINES.reduce((s, l) => s.plus(l.amount), new Prisma.Decimal(0));
  const vatAmount = subtotal.times(DEMO_INVOICE_VAT_RATE).dividedBy(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
  const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true } });
  return tx.invoice.create({
    data: {
      number: await nextDocumentNumber(tx, "invoice", now),
      accountId,
      status: "unpaid",
      currency: account.currency,
      subtotal,
      vatRate: new Prisma.Decimal(DEMO_INVOICE_VAT_RATE),
      vatAmount,
      total: subtotal.plus(vatAmount),
      issuedAt: now,
      dueDate: new Date(now.getTime() + 14 * 86_400_000),
      items: {
        create: DEMO_INVOICE_LINES.map((l) => ({ description: l.description, quantity: 1, unitAmount: new Prisma.Decimal(l.amount), amount: new Prisma.Decimal(l.amount) })),
      },
    },
    select: { id: true, number: true },
  });
}
