import type { DbOrTx, Tx } from "@/lib/db/client";
import type { EmailToken, EmailTokenPurpose } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { hashEmailToken } from "./issue-email-token";

export const LINK_USED = "This link was already used.";
export const LINK_EXPIRED = "This link has expired.";
export const LINK_INVALID = "This link is not valid. Check that you opened the whole link from the email.";

/**
 * Spends a token: one conditional UPDATE (unused, unexpired, of this purpose), so of two requests
 * with the same link exactly one gets the row. Refuses with the reason the link no longer works.
 */
export async function consumeEmailTokenOrThrow(tx: Tx, input: { purpose: EmailTokenPurpose; token: string; now: Date }): Promise<EmailToken> {
  const tokenHash = hashEmailToken(input.token);
  const spent = await tx.emailToken.updateManyAndReturn({
    where: { tokenHash, purpose: input.purpose, usedAt: null, expiresAt: { gt: input.now } },
    data: { usedAt: input.now },
  });
  if (spent[0]) return spent[0];
  throw linkRefusal(await tx.emailToken.findUnique({ where: { tokenHash }, select: { purpose: true, usedAt: true, expiresAt: true } }), input);
}

/** The token if the link would work now (for a page that shows its form), else the refusal. */
export async function findUsableEmailTokenOrThrow(tx: DbOrTx, input: { purpose: EmailTokenPurpose; token: string; now: Date }): Promise<EmailToken> {
  const row = await tx.emailToken.findUnique({ where: { tokenHash: hashEmailToken(input.token) } });
  if (row && row.purpose === input.purpose && !row.usedAt && row.expiresAt > input.now) return row;
  throw linkRefusal(row, input);
}

function linkRefusal(row: Pick<EmailToken, "purpose" | "usedAt" | "expiresAt"> | null, input: { purpose: EmailTokenPurpose; now: Date }): DomainError {
  if (!row || row.purpose !== input.purpose) return new DomainError("not_found", LINK_INVALID);
  if (row.usedAt) return new DomainError("conflict", LINK_USED);
  return new DomainError("invalid", LINK_EXPIRED);
}
