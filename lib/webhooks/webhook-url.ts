import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import type { AddressPolicy } from "./address-policy";
import { checkWebhookUrl } from "./check-webhook-url";
import type { Resolver } from "./resolver";

/** Who manages webhooks: the reseller whose URL and deliveries they are. */
export interface WebhookActor {
  resellerId: string;
}

/** The context every reseller webhook function takes first (lib/db/domain-context.ts). */
export type WebhookContext<D extends DbOrTx = DbOrTx> = DomainContext<WebhookActor, D>;

export interface SetWebhookUrlInput {
  /** `null` clears the URL. */
  webhookUrl: string | null;
  /** Test seams for the submission check; the process's resolver and policy otherwise. */
  resolve?: Resolver;
  policy?: AddressPolicy;
}

/**
 * Sets (after the submission checks) or, with `null`, clears the reseller's webhook URL (docs/decisions.md#d11).
 * Deliveries already queued go to the URL on file when they are attempted; clearing it makes the ones
 * still due fail without an attempt, and events raised meanwhile are dropped.
 */
export async function setWebhookUrl({ db, actor }: WebhookContext, input: SetWebhookUrlInput): Promise<{ webhookUrl: string | null }> {
  const value = input.webhookUrl === null ? null : await checkWebhookUrl(input.webhookUrl, { resolve: input.resolve, policy: input.policy });
  const profile = await db.resellerProfile.update({ where: { id: actor.resellerId }, data: { webhookUrl: value }, select: { webhookUrl: true } });
  return { webhookUrl: profile.webhookUrl };
}

/** The reseller's webhook URL, null when none is on file. */
export async function getWebhookUrl({ db, actor }: WebhookContext): Promise<string | null> {
  const profile = await db.resellerProfile.findUniqueOrThrow({ where: { id: actor.resellerId }, select: { webhookUrl: true } });
  return profile.webhookUrl;
}
