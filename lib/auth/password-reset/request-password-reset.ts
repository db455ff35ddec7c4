import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { parseActionInput } from "@/lib/actions/action-result";
import { countEmailRequestOrThrow, emailLinksExhausted } from "../email-tokens/email-request-limits";
import { queuePasswordResetLink } from "./queue-password-reset-link";

export const ZPasswordResetRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .max(320, "That email address is too long.")
    .pipe(z.email("Enter a valid email address."))
    .transform((v) => v.toLowerCase()),
});

/** What the page says after every request, whatever happened. */
export const RESET_REQUESTED = "If an account uses that address, we sent it a link to choose a new password. It works for one hour.";

/**
 * "Forgot password" (docs/accounts.md#password-reset): for a known address, a one-time link valid
 * for an hour. The caller shows RESET_REQUESTED in every case — unknown address, an address that
 * had its three links this hour — so the page tells nobody which addresses have accounts. Only a
 * flood from one network is refused openly. Returns whether an email was queued (never shown).
 */
export async function requestPasswordReset(ctx: { db: Db; now: Date; origin: string; clientAddress: string | null }, raw: { email: string }): Promise<{ queued: boolean }> {
  const { email } = parseActionInput(ZPasswordResetRequest, raw);
  await countEmailRequestOrThrow(ctx.db, { clientAddress: ctx.clientAddress, now: ctx.now });
  const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true, name: true } });
  if (!user || (await emailLinksExhausted(ctx.db, { purpose: "password_reset", email, now: ctx.now }))) return { queued: false };
  const { queued } = await ctx.db.$transaction((tx) => queuePasswordResetLink(tx, { user: { ...user, email }, origin: ctx.origin, now: ctx.now }));
  return { queued };
}
