import type { DbOrTx } from "@/lib/db/client";

export type DocumentKind = "order" | "invoice" | "proforma";

const PREFIX: Record<DocumentKind, string> = { order: "ORD", invoice: "INV", proforma: "PRO" };

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
