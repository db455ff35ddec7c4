import { assertActorWritable } from "@/lib/accounts/account-permissions";
import type { CooldownBucketName } from "@/lib/cooldowns/cooldown-buckets";
import { withCooldown } from "@/lib/cooldowns/with-cooldown";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { panelServiceAccess } from "@/lib/services/panel-service-access";

/**
 * The signed-in panel user's rights on the account's services, and who they are (for cool-downs).
 * `change: true` for anything that changes the account: a suspended account is read-only.
 */
export async function access(options: { change?: boolean } = {}) {
  const viewer = await requireCustomer();
  if (!viewer.customer) throw new DomainError("forbidden", "Your sign-in is not linked to a customer account");
  if (options.change) assertActorWritable(viewer.customer);
  return { ...panelServiceAccess(viewer.customer), userId: viewer.user.id };
}

/** The customer API's cool-down of `bucket` for this user and service, shared with the API (lib/api/rate-limit/with-panel-cooldown.ts). */
export function cooled<T>(bucket: CooldownBucketName, userId: string, serviceId: string, fn: () => Promise<T>): Promise<T> {
  return withCooldown(getDb(), { bucket, userId, resourceId: serviceId }, new Date(), fn);
}
