import type { DbOrTx } from "@/lib/db/client";
import type { EmailTokenPurpose } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { countHits } from "@/lib/platform/rate-limit-counters";

/** Sign-up and reset requests one client address may make per hour. */
export const EMAIL_REQUESTS_PER_ADDRESS_HOUR = 10;
/** Links of one purpose one email address receives per hour; more requests are answered alike and send nothing. */
export const LINKS_PER_EMAIL_HOUR = 3;

export const TOO_MANY_EMAIL_REQUESTS = "Too many requests from your network. Wait a while, then try again.";

/**
 * Counts a request from `clientAddress` (per clock hour, shared by every process) and refuses past
 * the limit. The refusal says nothing about the email address asked for, so it gives nothing away.
 */
export async function countEmailRequestOrThrow(db: DbOrTx, input: { clientAddress: string | null; now: Date }): Promise<void> {
  if (!input.clientAddress) return;
  // One bucket per clock hour: a coarse window is enough to stop a flood.
  const hour = new Date(Math.floor(input.now.getTime() / 3_600_000) * 3_600_000);
  const subject = `email-request:${input.clientAddress}`;
  const used = (await countHits(db, [{ subject, bucketStart: hour, windowFrom: hour }])).get(subject) ?? 0;
  if (used > EMAIL_REQUESTS_PER_ADDRESS_HOUR) throw new DomainError("rate_limited", TOO_MANY_EMAIL_REQUESTS);
}

/**
 * Whether `email` already received its share of links of this purpose in the last hour. Checked
 * after the answer is decided: the caller answers the same either way and only skips the send,
 * so the limit cannot be used to tell known addresses from unknown ones.
 */
export async function emailLinksExhausted(db: DbOrTx, input: { purpose: EmailTokenPurpose; email: string; now: Date }): Promise<boolean> {
  const since = new Date(input.now.getTime() - 3_600_000);
  const sent = await db.emailToken.count({ where: { purpose: input.purpose, email: input.email, createdAt: { gt: since } } });
  return sent >= LINKS_PER_EMAIL_HOUR;
}

