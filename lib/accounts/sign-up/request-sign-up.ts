import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { countEmailRequestOrThrow, emailLinksExhausted } from "@/lib/auth/email-tokens/email-request-limits";
import { issueEmailToken } from "@/lib/auth/email-tokens/issue-email-token";
import { hashPassword } from "@/lib/auth/password";
import { queueEmail } from "@/lib/mail/queue-email";
import { listAccountCurrencies } from "../account-currencies";
import { ZSignUpSchema, type TSignUpInput } from "./sign-up-schema";
import { parseActionInput } from "@/lib/actions/action-result";

export const SIGN_UPS_CLOSED = "Sign-ups are closed. Contact us if you would like an account.";

export interface SignUpContext {
  db: Db;
  now: Date;
  /** The portal's origin, for the link in the email. */
  origin: string;
  clientAddress: string | null;
}

/** What a sign-up stores until its link is opened: everything to create the account then. */
export interface SignUpPayload {
  name: string;
  passwordHash: string;
  company: string | null;
  country: string;
  currency: string;
  vatNumber: string | null;
}

/**
 * A sign-up request (docs/accounts.md#sign-up). Nothing is created until the emailed link is
 * opened (`verifySignUp`): the details wait in a one-time token. The answer is the same whether or
 * not the address already has an account — that account's owner gets a "you already have an
 * account" email instead — and the same when the address had its share of links this hour (then
 * nothing is sent). The password is hashed on every path, so the answer takes as long either way.
 * Returns whether an email was queued (for tests and the caller's "send now" nudge; never shown).
 */
export async function requestSignUp(ctx: SignUpContext, raw: TSignUpInput): Promise<{ queued: boolean }> {
  const settings = await ctx.db.platformSettings.findUnique({ where: { id: 1 }, select: { signUpOpen: true } });
  if (settings && !settings.signUpOpen) throw new DomainError("forbidden", SIGN_UPS_CLOSED);
  const input = parseActionInput(ZSignUpSchema, raw);
  if (!(await listAccountCurrencies(ctx)).includes(input.currency)) {
    throw new DomainError("invalid", "Choose one of the listed currencies.", { details: [{ field: "currency", message: "Choose one of the listed currencies." }] });
  }
  await countEmailRequestOrThrow(ctx.db, { clientAddress: ctx.clientAddress, now: ctx.now });
  const passwordHash = await hashPassword(input.password);
  if (await emailLinksExhausted(ctx.db, { purpose: "sign_up", email: input.email, now: ctx.now })) return { queued: false };

  return ctx.db.$transaction(async (tx) => {
    // Counted as a link of its own, so an address that exists is limited like one that does not.
    const issued = await issueEmailToken(tx, { purpose: "sign_up", email: input.email, now: ctx.now, payload: {} });
    const existing = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, name: true } });
    if (existing) {
      const queued = await queueEmail(tx, {
        dedupeKey: `token:${issued.id}`,
        template: "sign-up-exists",
        to: input.email,
        userId: existing.id,
        data: { name: existing.name, signInUrl: `${ctx.origin}/login`, resetUrl: `${ctx.origin}/forgot-password` },
        now: ctx.now,
      });
      // The token of this request can never create anything: spend it at once.
      await tx.emailToken.update({ where: { id: issued.id }, data: { usedAt: ctx.now } });
      return { queued };
    }
    const payload: SignUpPayload = { name: input.name, passwordHash, company: input.company, country: input.country, currency: input.currency, vatNumber: input.vatNumber };
    await tx.emailToken.update({ where: { id: issued.id }, data: { payload: { ...payload } } });
    const queued = await queueEmail(tx, {
      dedupeKey: `token:${issued.id}`,
      template: "verify-email",
      to: input.email,
      data: { name: input.name, url: `${ctx.origin}/verify-email?token=${issued.token}`, expiresAt: issued.expiresAt.toISOString() },
      now: ctx.now,
    });
    return { queued };
  });
}
