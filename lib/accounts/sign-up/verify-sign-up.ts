import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { consumeEmailTokenOrThrow } from "@/lib/auth/email-tokens/consume-email-token";
import type { SignUpPayload } from "./request-sign-up";

export const ADDRESS_TAKEN = "This email address already has an account. Sign in instead.";

/**
 * Opens a sign-up link: spends its token and creates the user, their customer account (owned by
 * them, in the currency and country chosen) and its default project, in one transaction; while
 * sign-ups need the operator's approval the account starts `pending` (read-only until approved,
 * lib/admin/customers/approve-customer-account.ts). Of two
 * links for the same address the first opened wins; the second is refused and creates nothing.
 */
export async function verifySignUp(ctx: { db: Db; now: Date }, input: { token: string }): Promise<{ userId: string; email: string; accountId: string; pendingApproval: boolean }> {
  try {
    return await ctx.db.$transaction(async (tx) => {
      const token = await consumeEmailTokenOrThrow(tx, { purpose: "sign_up", token: input.token, now: ctx.now });
      // Read when the account is created: a link opened after the operator turned approval on waits too.
      const settings = await tx.platformSettings.findUnique({ where: { id: 1 }, select: { signUpApproval: true } });
      const pendingApproval = settings?.signUpApproval ?? false;
      const p = token.payload as unknown as SignUpPayload;
      const user = await tx.user.create({ data: { email: token.email, name: p.name, passwordHash: p.passwordHash, createdAt: ctx.now }, select: { id: true } });
      const account = await tx.clientAccount.create({
        data: { name: p.company ?? p.name, company: p.company, country: p.country, currency: p.currency, vatNumber: p.vatNumber, ownerId: user.id, status: pendingApproval ? "pending" : "active", createdAt: ctx.now },
        select: { id: true },
      });
      await tx.project.create({ data: { accountId: account.id, name: "default", slug: "default", description: "Everything not assigned to another project", isDefault: true } });
      // The details (a password hash among them) are not needed any more.
      await tx.emailToken.update({ where: { id: token.id }, data: { payload: {} } });
      return { userId: user.id, email: token.email, accountId: account.id, pendingApproval };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new DomainError("conflict", ADDRESS_TAKEN);
    throw error;
  }
}
