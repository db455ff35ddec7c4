import type { Db } from "@/lib/db/client";
import type { AddressPolicy } from "./address-policy";
import { checkWebhookUrl } from "./check-webhook-url";
import type { Resolver } from "./resolver";

export interface WebhookActor {
  resellerId: string;
}

/**
 * Sets (after the submission checks) or, with `null`, clears the reseller's webhook URL (docs/decisions.md#d11).
 * Deliveries already queued go to the URL on file when they are attempted; clearing it makes the ones
 * still due fail without an attempt, and events raised meanwhile are dropped.
 */
export async function setWebhookUrl(
  actor: WebhookActor,
  webhookUrl: string | null,
  options: { db: Db; resolve?: Resolver; policy?: AddressPolicy },
): Promise<{ webhookUrl: string | null }> {
  const { db } = options;
  const value = webhookUrl === null ? null : await checkWebhookUrl(webhookUrl, { resolve: options.resolve, policy: options.policy });
  const profile = await db.resellerProfile.update({ where: { id: actor.resellerId }, data: { webhookUrl: value }, select: { webhookUrl: true } });
  return { webhookUrl: profile.webhookUrl };
}

export async function getWebhookUrl(actor: WebhookActor, options: { db: Db }): Promise<string | null> {
  const { db } = options;
  const profile = await db.resellerProfile.findUniqueOrThrow({ where: { id: actor.resellerId }, select: { webhookUrl: true } });
  return profile.webhookUrl;
}
