import type { Tx } from "@/lib/db/client";

export const DEMO_ADMIN_EMAIL = "admin@rackfront.test";

export async function seedOperator(tx: Tx, passwordHash: string): Promise<void> {
  await tx.user.create({ data: { email: DEMO_ADMIN_EMAIL, name: "Rackfront Operator", passwordHash, isOperator: true } });
}
