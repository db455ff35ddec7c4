import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getJob } from "@/lib/backends/jobs";
import type { BackendContext } from "@/lib/backends/context";
import { markProvisioned, placeService, startBuild } from "@/lib/services/provisioning/provisioning-steps";
import { DEMO_CUSTOMER_EMAIL } from "./seed-customer";

export const DEMO_VPS_HOSTNAME = "demo-web-1.example.com";

/**
 * One running VPS for the demo customer (VPS S in Amsterdam), so the panel's services pages and
 * their power, reinstall and password controls have something to show on a fresh install. Built
 * through the same provisioning steps as an ordered service, on the simulated hypervisor with zero
 * timing (the build finishes on its first poll); later power actions run at the node's own pace.
 * Runs after the demo seed committed (allocation and creation use their own transactions).
 */
export async function seedDemoVps(db: PrismaClient, now = new Date()): Promise<string | null> {
  const owner = await db.user.findUnique({ where: { email: DEMO_CUSTOMER_EMAIL }, include: { ownedAccounts: { include: { projects: { where: { isDefault: true } } } } } });
  const account = owner?.ownedAccounts[0];
  const product = await db.product.findUnique({ where: { slug: "vps-s" }, include: { prices: { where: { cycle: "monthly" } } } });
  const location = await db.location.findUnique({ where: { value: "ams1" } });
  if (!account || !product || !location) return null;
  const nextDue = new Date(now);
  nextDue.setUTCMonth(nextDue.getUTCMonth() + 1);
  const service = await db.service.create({
    data: {
      accountId: account.id,
      projectId: account.projects[0]?.id ?? null,
      productId: product.id,
      name: DEMO_VPS_HOSTNAME,
      hostname: DEMO_VPS_HOSTNAME,
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
  if (!placement.ok) throw new Error(`demo VPS: ${JSON.stringify(placement)}`);
  const build = await startBuild(ctx, service.id, placement);
  if (!build.ok) throw new Error(`demo VPS: ${JSON.stringify(build)}`);
  const job = await getJob(build.jobId, ctx);
  if (job.state !== "succeeded") throw new Error(`demo VPS: build job ${job.state}`);
  await markProvisioned(ctx, service.id);
  return service.id;
}
