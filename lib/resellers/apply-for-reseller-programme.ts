import { z } from "zod";
import { parseActionInput } from "@/lib/actions/action-result";
import { generateSigningSecret } from "@/lib/api-keys/generate-signing-secret";
import type { TransactingContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import type { ResellerProfileStatus } from "@/lib/generated/prisma/enums";

/** How many services a month the applicant expects to sell: the operator's first question. */
export const MONTHLY_VOLUMES = { "1-10": "1 to 10", "11-50": "11 to 50", "51-200": "51 to 200", "200+": "More than 200" } as const;
export type MonthlyVolume = keyof typeof MONTHLY_VOLUMES;

export const ONLY_THE_OWNER_APPLIES = "Only the account owner can apply to the reseller programme.";

const ZApplication = z.object({
  website: z
    .string()
    .trim()
    .max(200, "Use at most 200 characters.")
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), "Enter the address of your website, starting with https://.")
    .transform((v) => v || null),
  monthlyVolume: z.enum(Object.keys(MONTHLY_VOLUMES) as [MonthlyVolume, ...MonthlyVolume[]], { message: "Choose how many services you expect to sell." }),
  message: z.string().trim().min(20, "Tell us in a sentence or two who your customers are (20 characters at least).").max(2000, "Use at most 2,000 characters."),
});
export type TResellerApplicationInput = { website: string; monthlyVolume: string; message: string };

export type ResellerApplication = { website: string | null; monthlyVolume: MonthlyVolume; message: string };

/** The account's standing in the programme, as the panel's page shows it. */
export type ResellerStanding = { status: ResellerProfileStatus; appliedAt: Date; application: ResellerApplication | null } | null;

type ApplyContext = TransactingContext<{ userId: string; accountId: string }>;

/**
 * The owner of a customer account applies to buy at wholesale: a pending reseller profile (with its
 * signing secret, sealed, as every profile has one) carrying what they wrote, for an operator to
 * approve or close in the console (lib/resellers/admin/change-reseller-status.ts). One profile per
 * account: a second application is refused with where the first one stands. Checked against the
 * account row, which is locked, so two submits at once make one profile.
 */
export async function applyForResellerProgramme(ctx: ApplyContext, raw: TResellerApplicationInput): Promise<{ resellerId: string }> {
  const input = parseActionInput(ZApplication, raw);
  const { actor, now } = ctx;
  return ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "ClientAccount" WHERE id = ${actor.accountId}::uuid FOR NO KEY UPDATE`;
    const account = await tx.clientAccount.findUnique({ where: { id: actor.accountId }, select: { ownerId: true, status: true, resellerProfile: { select: { status: true } } } });
    if (!account || account.ownerId !== actor.userId) throw new DomainError("forbidden", ONLY_THE_OWNER_APPLIES);
    if (account.status !== "active") throw new DomainError("forbidden", "A suspended or closed account cannot apply.");
    const existing = account.resellerProfile?.status;
    if (existing) {
      const where = existing === "pending" ? "is waiting for approval" : existing === "active" ? "was approved: open the reseller portal" : `is ${existing}; ask the supplier to reopen it`;
      throw new DomainError("conflict", `This account has already applied: the application ${where}.`);
    }
    const profile = await tx.resellerProfile.create({
      data: { accountId: actor.accountId, status: "pending", signingSecret: generateSigningSecret().sealed, application: input, createdAt: now },
      select: { id: true },
    });
    return { resellerId: profile.id };
  });
}

/** What the applicant wrote, read back from the profile; null for a profile an operator made. */
export function readResellerApplication(value: unknown): ResellerApplication | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.message !== "string" || typeof v.monthlyVolume !== "string" || !(v.monthlyVolume in MONTHLY_VOLUMES)) return null;
  return { website: typeof v.website === "string" ? v.website : null, monthlyVolume: v.monthlyVolume as MonthlyVolume, message: v.message };
}

/** Where the account stands in the programme: null when it never applied. */
export async function getResellerStanding(ctx: ApplyContext): Promise<ResellerStanding> {
  const profile = await ctx.db.resellerProfile.findUnique({ where: { accountId: ctx.actor.accountId }, select: { status: true, createdAt: true, application: true } });
  return profile ? { status: profile.status, appliedAt: profile.createdAt, application: readResellerApplication(profile.application) } : null;
}
