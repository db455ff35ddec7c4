import { getDb, type DbOrTx } from "@/lib/db/client";
import type { Prisma, ProformaStatus } from "@/lib/generated/prisma/client";
import { ProformaStatus as ProformaStatuses } from "@/lib/generated/prisma/enums";

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
  options: { db?: DbOrTx } = {},
): Promise<{ proformas: ProformaRow[]; total: number }> {
  const db = options.db ?? getDb();
  const where: Prisma.ProformaWhereInput = { accountId: owner.accountId, ...(filter.status ? { status: filter.status } : {}) };
  const [proformas, total] = await Promise.all([
    db.proforma.findMany({
      where,
      orderBy: [{ issuedAt: "desc" }, { number: "desc" }],
      skip: (filter.page - 1) * filter.limit,
      take: filter.limit,
      select: ROW,
    }),
    db.proforma.count({ where }),
  ]);
  return { proformas, total };
}
