import type { EmailStatus } from "@/lib/generated/prisma/client";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { pageWindow } from "@/lib/schemas/pagination";

export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxRow {
  id: string;
  template: string;
  toAddress: string;
  subject: string;
  status: EmailStatus;
  transport: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The operator console's Outbox: every email, newest first, optionally those to addresses
 * containing `q` and of one status. Bodies are not read here (they are sealed; one message at a
 * time is opened by getOutboxMessageOrThrow).
 */
export async function listOutboxMessages(ctx: OperatorContext, input: { q: string; status: EmailStatus | null; page: number }) {
  const where = {
    ...(input.q ? { toAddress: { contains: input.q.toLowerCase(), mode: "insensitive" as const } } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  const [total, rows] = await Promise.all([
    ctx.db.emailMessage.count({ where }),
    ctx.db.emailMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(input.page, OUTBOX_PAGE_SIZE),
      select: { id: true, template: true, toAddress: true, subject: true, status: true, transport: true, attempts: true, lastError: true, createdAt: true, sentAt: true },
    }),
  ]);
  return { rows: rows satisfies OutboxRow[], total, page: input.page, pages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) };
}
