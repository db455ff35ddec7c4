import type { DbOrTx } from "@/lib/db/client";

export type DocumentKind = "order" | "invoice" | "proforma" | "credit_note";

const PREFIX: Record<DocumentKind, string> = { order: "ORD", invoice: "INV", proforma: "PRO", credit_note: "CN" };

/**
 * The next number of a document kind for the year of `at`: `INV-2026-000042`. Call it inside
 * the transaction that creates the document: the counter row stays locked until that
 * transaction ends, so numbers are unique and gap-free (a rollback returns the number).
 */
export async function nextDocumentNumber(tx: DbOrTx, kind: DocumentKind, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "DocumentSequence" ("kind", "year", "value") VALUES (${kind}, ${year}, 1)
    ON CONFLICT ("kind", "year") DO UPDATE SET "value" = "DocumentSequence"."value" + 1
    RETURNING "value"`;
  const value = Number(rows[0]!.value);

  return `${PREFIX[kind]}-${year}-${String(value).padStart(6, "0")}`;
}

/**
 * Numbers an order and, when given, its invoice (created with a placeholder number) in one
 * statement: both counters are taken and both rows updated in a single round trip, so a
 * transaction that calls this last holds the platform-wide counters for as short as possible.
 * Same numbers as nextDocumentNumber (`ORD-2026-000042`, at least six digits).
 */
export async function assignDocumentNumbers(
  tx: DbOrTx,
  at: Date,
  targets: { orderId: string; invoiceId?: string | null },
): Promise<{ orderNumber: string; invoiceNumber: string | null }> {
  const year = at.getUTCFullYear();
  const format = (prefix: string, value: number) => `${prefix}-${year}-${String(value).padStart(6, "0")}`;
  if (!targets.invoiceId) {
    const rows = await tx.$queryRaw<{ order: number }[]>`
      WITH o AS (
        INSERT INTO "DocumentSequence" ("kind", "year", "value") VALUES ('order', ${year}, 1)
        ON CONFLICT ("kind", "year") DO UPDATE SET "value" = "DocumentSequence"."value" + 1
        RETURNING "value"
      ), uo AS (
        UPDATE "Order" SET "orderNumber" = 'ORD-' || ${year}::text || '-' || lpad(o."value"::text, greatest(6, length(o."value"::text)), '0')
        FROM o WHERE "Order"."id" = ${targets.orderId}::uuid RETURNING 1
      )
      SELECT o."value" AS "order" FROM o, uo`;
    if (rows.length !== 1) throw new Error(`Order ${targets.orderId} to number not found`);
    return { orderNumber: format(PREFIX.order, Number(rows[0]!.order)), invoiceNumber: null };
  }
  const rows = await tx.$queryRaw<{ order: number; invoice: number }[]>`
    WITH o AS (
      INSERT INTO "DocumentSequence" ("kind", "year", "value") VALUES ('order', ${year}, 1)
      ON CONFLICT ("kind", "year") DO UPDATE SET "value" = "DocumentSequence"."value" + 1
      RETURNING "value"
    ), i AS (
      -- Selecting from o makes the order counter be taken first, the order every other path takes them in.
      INSERT INTO "DocumentSequence" ("kind", "year", "value") SELECT 'invoice', ${year}, 1 FROM o
      ON CONFLICT ("kind", "year") DO UPDATE SET "value" = "DocumentSequence"."value" + 1
      RETURNING "value"
    ), uo AS (
      UPDATE "Order" SET "orderNumber" = 'ORD-' || ${year}::text || '-' || lpad(o."value"::text, greatest(6, length(o."value"::text)), '0')
      FROM o WHERE "Order"."id" = ${targets.orderId}::uuid RETURNING 1
    ), ui AS (
      UPDATE "Invoice" SET "number" = 'INV-' || ${year}::text || '-' || lpad(i."value"::text, greatest(6, length(i."value"::text)), '0')
      FROM i WHERE "Invoice"."id" = ${targets.invoiceId}::uuid RETURNING 1
    )
    SELECT o."value" AS "order", i."value" AS "invoice" FROM o, i, uo, ui`;
  if (rows.length !== 1) throw new Error(`Order ${targets.orderId} or invoice ${targets.invoiceId} to number not found`);
  return { orderNumber: format(PREFIX.order, Number(rows[0]!.order)), invoiceNumber: format(PREFIX.invoice, Number(rows[0]!.invoice)) };
}
