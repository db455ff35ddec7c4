import { z } from "zod";
import { parseInput, zOptionalText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { DbOrTx } from "@/lib/db/client";

/** Lines of the postal address a printed document has room for. */
export const LEGAL_ADDRESS_MAX_LINES = 8;

/** Several lines as typed: Windows line ends made plain, each line trimmed, blank lines dropped. */
const zAddress = zOptionalText(500)
  .transform((s) => (s === null ? null : s.split(/\r\n|\r|\n/).map((l) => l.trim()).filter(Boolean).join("\n") || null))
  .refine((s) => s === null || s.split("\n").length <= LEGAL_ADDRESS_MAX_LINES, `At most ${LEGAL_ADDRESS_MAX_LINES} lines.`);

/** Free text printed as typed (bank details, terms); line ends made plain. */
const zFooter = zOptionalText(1000).transform((s) => (s === null ? null : s.replace(/\r\n|\r/g, "\n")));

/** One line of text: a line break would break the printed layout. */
const zLine = (max: number) => zOptionalText(max).refine((s) => s === null || !/[\r\n]/.test(s), "Keep it on one line.");

export const invoiceLegalDetailsSchema = z.object({
  legalName: zLine(200),
  legalAddress: zAddress,
  legalVatNumber: zLine(50),
  legalRegistration: zLine(100),
  legalEmail: zLine(254).refine((s) => s === null || z.email().safeParse(s).success, "Enter an email address like billing@example.com, or leave it blank."),
  invoiceFooter: zFooter,
});

export type InvoiceLegalDetailsInput = z.input<typeof invoiceLegalDetailsSchema>;
export type InvoiceLegalDetails = z.output<typeof invoiceLegalDetailsSchema>;

const SELECT = { legalName: true, legalAddress: true, legalVatNumber: true, legalRegistration: true, legalEmail: true, invoiceFooter: true } as const;

/** The supplier's legal details as stored (all blank until the operator fills them in). */
export async function readInvoiceLegalDetails(db: DbOrTx): Promise<InvoiceLegalDetails> {
  const row = await db.platformSettings.findUnique({ where: { id: 1 }, select: SELECT });
  return row ?? { legalName: null, legalAddress: null, legalVatNumber: null, legalRegistration: null, legalEmail: null, invoiceFooter: null };
}

/** For the operator console's settings page. */
export async function getInvoiceLegalDetails({ db }: OperatorContext): Promise<InvoiceLegalDetails> {
  return readInvoiceLegalDetails(db);
}

/**
 * Saves the supplier's legal details printed on every invoice and proforma, shown and downloaded
 * from then on (documents are drawn when they are opened, not stored: docs/billing.md).
 * A blank field is not printed.
 */
export async function saveInvoiceLegalDetails({ db }: OperatorContext, input: InvoiceLegalDetailsInput): Promise<InvoiceLegalDetails> {
  const data = parseInput(invoiceLegalDetailsSchema, input);
  return db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data, select: SELECT });
}
