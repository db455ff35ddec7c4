import { pageWindow } from "@/lib/schemas/pagination";

/**
 * The query of one page of an account's invoices or proformas (listInvoices, listProformas):
 * `where` (the account, optionally one status) and the findMany arguments, newest first (the
 * higher number first on the same instant). Documents are account-wide: no project narrowing.
 */
export function documentListArgs<S extends string>(owner: { accountId: string }, filter: { status?: S; page: number; limit: number }) {
  const where = { accountId: owner.accountId, ...(filter.status ? { status: filter.status } : {}) };
  return { where, findMany: { where, orderBy: [{ issuedAt: "desc" as const }, { number: "desc" as const }], ...pageWindow(filter.page, filter.limit) } };
}
