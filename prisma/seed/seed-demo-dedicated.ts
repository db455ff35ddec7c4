import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getJob } from "@/lib/backends/jobs";
import type { BackendContext } from "@/lib/backends/context";
import { markProvisioned, placeService, startBuild } from "@/lib/services/provisioning/provisioning-steps";
import { DEMO_CUSTOMER_EMAIL } from "./seed-customer";

export const DEMO_DEDICATED_HOSTNAME = "demo-metal-1.example.com";

/**
 * One installed dedicated server for the demo customer (Xeon E-2388G in Amsterdam), so the panel's
 * dedicated page (power, rescue, reinstall, reverse DNS, SSH keys) has something to show. Built
 * like the demo VPS: the same provisioning steps on the simulated BMC with zero timing for the
 * install; later actions run at the node's own pace. Takes one server out of Amsterdam's stock.
 */
export async function seedDemoDedicated(db: PrismaClient, now = new Date()): Promise<string | null> {
  const owner = await db.user.findUnique({ where: { email: DEMO_CUSTOMER_EMAIL }, include: { ownedAccounts: { include: { projects: { where: { isDefault: true } } } } } });
  const account = owner?.ownedAccounts[0];
  const product = await db.product.findUnique({ where: { slug: "ds-xeon-e2388g" }, include: { prices: { where: { cycle: "monthly" } } } });
  const location = await db.location.findUnique({ where: { value: "ams1" } });
  if (!account || !product || !location) return null;
  const nextDue = new Date(now);
  nextDue.setUTCMonth(nextDue.getUTCMonth() + 1);
  const service = await db.service.create({
    data: {
      accountId: account.id,
      projectId: account.projects[0]?.id ?? null,
      productId: product.id,
      name: DEMO_DEDICATED_HOSTNAME,
      hostname: DEMO_DEDICATED_HOSTNAME,
      status: "pending",
      billingCycle: "monthly",
      amount: product.prices[0]?.amount ?? 0,
      currency: account.currency,
      nextDueDate: nextDue,
      locationId: location.id,
    },
  });
  const ctx: BackendContext = { db, clock: { now: () => new Date() }, simulator: { timeScale: 0 } };
  const placement = await placeService(ctx, service.id);
  if (!placement.ok) throw new Error(`demo server: ${JSON.stringify(placement)}`);
  const build = await startBuild(ctx, service.id, placement);
  if (!build.ok) throw new Error(`demo server: ${JSON.stringify(build)}`);
  const job = await getJob(build.jobId, ctx);
  if (job.state !== "succeeded") throw new Error(`demo server: build job ${job.state}`);
  await markProvisioned(ctx, service.id);
  return service.id;
}
