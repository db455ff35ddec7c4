import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * A client that counts the Prisma operations made through it (a `$allOperations` query extension),
 * for tests that bound how many queries a read costs. Transaction BEGIN/COMMIT are not operations.
 */
export function countingClient(db: PrismaClient, onOperation?: (op: { model: string | undefined; operation: string }) => void): { db: PrismaClient; count(): number; reset(): void } {
  let count = 0;
  const counted = db.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        count += 1;
        onOperation?.({ model, operation });
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { db: counted, count: () => count, reset: () => (count = 0) };
}
