import type { DbOrTx } from "@/lib/db/client";
import type { Prisma, ProformaStatus } from "@/lib/generated/prisma/client";
import { ProformaStatus as ProformaStatuses } from "@/lib/generated/prisma/enums";
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
  owner: { accountId: string },
  filter: { status?: ProformaStatus; page: number; limit: number },
  options: { db: DbOrTx },
): Promise<{ proformas: ProformaRow[]; total: number }> {
  const { db } = options;
  const { where, findMany } = documentListArgs(owner, filter);
  const [proformas, total] = await Promise.all([db.proforma.findMany({ ...findMany, select: ROW }), db.proforma.count({ where })]);
  return { proformas, total };
}
