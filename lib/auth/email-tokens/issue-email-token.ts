import { createHash, randomBytes } from "node:crypto";
import type { DbOrTx } from "@/lib/db/client";
import type { EmailTokenPurpose, Prisma } from "@/lib/generated/prisma/client";

/** How long each kind of link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  sign_up: 24 * 3_600_000,
  password_reset: 3_600_000,
  email_change: 24 * 3_600_000,
  team_invitation: 7 * 24 * 3_600_000,
};

/** Only this is stored: the link's token is shown once, in the email. */
export const hashEmailToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * A new one-time token for an email link, in the caller's transaction: 256 random bits, kept as
 * its SHA-256 only, expiring after the purpose's TTL. Returns the token for the link.
 */
export async function issueEmailToken(
  tx: DbOrTx,
  input: { purpose: EmailTokenPurpose; email: string; userId?: string | null; accountId?: string | null; payload?: Prisma.InputJsonValue; now: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + EMAIL_TOKEN_TTL_MS[input.purpose]);
  const row = await tx.emailToken.create({
    data: {
      purpose: input.purpose,
      tokenHash: hashEmailToken(token),
      email: input.email,
      userId: input.userId ?? null,
      accountId: input.accountId ?? null,
      payload: input.payload ?? {},
      expiresAt,
      createdAt: input.now,
    },
    select: { id: true },
  });
  return { id: row.id, token, expiresAt };
}
