import type { BillingDocumentType } from "@/lib/billing/billing-errors";
import type { InvoiceStatus, Prisma, ProformaStatus } from "@/lib/generated/prisma/client";
import type { OperatorContext } from "../operator-context";
import { documentKindOf } from "./admin-document";

export const INVOICES_PAGE_SIZE = 25;
export const SEARCH_MAX = 100;

export const INVOICE_STATUSES = ["unpaid", "paid", "cancelled", "refunded"] as const satisfies readonly InvoiceStatus[];
export const PROFORMA_STATUSES = ["unpaid", "paid", "converted", "cancelled"] as const satisfies readonly ProformaStatus[];
/** Every status either kind can have, as the filter offers them. */
export const DOCUMENT_STATUSES = ["unpaid", "paid", "converted", "cancelled", "refunded"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The list's filters as the page's GET form sends them; anything unknown is dropped (no filter), never an error. */
export interface AdminInvoiceFilters {
  kind?: string;
  status?: string;
  /** `"1"` (the checkbox): unpaid and past the due date. */
  overdue?: string;
  q?: string;
}

export interface AppliedInvoiceFilters {
  kind: BillingDocumentType | null;
  status: DocumentStatus | null;
  overdue: boolean;
  q: string | null;
}

export interface AdminInvoiceRow {
  type: BillingDocumentType;
  id: string;
  number: string;
  account: { id: string; name: string; company: string | null };
  total: Prisma.Decimal;
  currency: string;
  status: string;
  /** Unpaid and past its due date. */
  overdue: boolean;
  dueDate: Date;
  issuedAt: Date;
}

export interface AdminInvoiceList {
  rows: AdminInvoiceRow[];
  total: number;
  page: number;
  pages: number;
  filters: AppliedInvoiceFilters;
}

export function appliedInvoiceFilters(input: AdminInvoiceFilters): AppliedInvoiceFilters {
  const status = (DOCUMENT_STATUSES as readonly string[]).includes(input.status ?? "") ? (input.status as DocumentStatus) : null;
  const q = (input.q ?? "").trim().slice(0, SEARCH_MAX);
  return { kind: documentKindOf(input.kind), status, overdue: input.overdue === "1" || input.overdue === "on" || input.overdue === "true", q: q || null };
}

/** The kinds a filter can hold: a status only one kind has (refunded, converted) narrows to that kind. */
function kindsOf(f: AppliedInvoiceFilters): BillingDocumentType[] {
  const all: BillingDocumentType[] = f.kind ? [f.kind] : ["invoice", "proforma"];
  if (!f.status) return all;
  return all.filter((k) => ((k === "invoice" ? INVOICE_STATUSES : PROFORMA_STATUSES) as readonly string[]).includes(f.status!));
}

/** One WHERE for either table (their columns share names): status, overdue (unpaid, due before now), number or customer name. */
function whereOf(f: AppliedInvoiceFilters, now: Date) {
  const and: Array<Record<string, unknown>> = [];
  if (f.status) and.push({ status: f.status });
  if (f.overdue) and.push({ status: "unpaid", dueDate: { lt: now } });
  if (f.q) {
    const contains = { contains: f.q, mode: "insensitive" as const };
    and.push({ OR: [{ number: contains }, { account: { name: contains } }, { account: { company: contains } }] });
  }
  return and.length ? { AND: and } : {};
}

const SELECT = {
  id: true,
  number: true,
  total: true,
  currency: true,
  status: true,
  dueDate: true,
  issuedAt: true,
  account: { select: { id: true, name: true, company: true } },
} as const;

/**
 * Every invoice and proforma of every account for the operator console, newest issued first, 25 a
 * page, narrowed by kind, status, overdue and a search by number or customer name (in part, any
 * case). The two tables are read newest first up to the page's end and merged, plus a count each:
 * four queries whatever the page holds (two when a kind is chosen).
 */
export async function listAdminInvoices({ db, now }: OperatorContext, input: AdminInvoiceFilters & { page?: number }): Promise<AdminInvoiceList> {
  const filters = appliedInvoiceFilters(input);
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const kinds = kindsOf(filters);
  const where = whereOf(filters, now);
  const take = page * INVOICES_PAGE_SIZE;
  const orderBy = [{ issuedAt: "desc" as const }, { id: "desc" as const }];

  const read = async (kind: BillingDocumentType) => {
    if (!kinds.includes(kind)) return { rows: [] as AdminInvoiceRow[], count: 0 };
    const [docs, count] =
      kind === "invoice"
        ? await Promise.all([db.invoice.findMany({ where: where as Prisma.InvoiceWhereInput, orderBy, take, select: SELECT }), db.invoice.count({ where: where as Prisma.InvoiceWhereInput })])
        : await Promise.all([db.proforma.findMany({ where: where as Prisma.ProformaWhereInput, orderBy, take, select: SELECT }), db.proforma.count({ where: where as Prisma.ProformaWhereInput })]);
    return { rows: docs.map((d) => ({ type: kind, ...d, overdue: d.status === "unpaid" && d.dueDate < now })), count };
  };
  const [invoices, proformas] = await Promise.all([read("invoice"), read("proforma")]);
  const merged = [...invoices.rows, ...proformas.rows].sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0));
  const total = invoices.count + proformas.count;

  return {
    rows: merged.slice((page - 1) * INVOICES_PAGE_SIZE, take),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE)),
    filters,
  };
}
