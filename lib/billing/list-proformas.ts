import type { Prisma, ProformaStatus } from "@/lib/generated/prisma/client";
import { ProformaStatus as ProformaStatuses } from "@/lib/generated/prisma/enums";
import type { BillingContext } from "./billing-actor";
import { documentListArgs } from "./document-list-args";

export const PROFORMA_STATUSES = Object.values(ProformaStatuses) as ProformaStatus[];

const ROW = {
  id: true,
  number: true,
  status: true,
  currency: true,
  total: true,
  paidAmount: true,
  issuedAt: true,
  dueDate: true,
  invoice: { select: { id: true, number: true } },
} as const;
export type ProformaRow = Prisma.ProformaGetPayload<{ select: typeof ROW }>;

/** An account's proformas, newest first, one page, optionally of one status. */
export async function listProformas(
  { db, actor }: BillingContext,
  filter: { status?: ProformaStatus; page: number; limit: number },
): Promise<{ proformas: ProformaRow[]; total: number }> {
  const { where, findMany } = documentListArgs(actor, filter);
  const [proformas, total] = await Promise.all([db.proforma.findMany({ ...findMany, select: ROW }), db.proforma.count({ where })]);
  return { proformas, total };
}
