import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getJob } from "@/lib/backends/jobs";
import type { BackendContext } from "@/lib/backends/context";
import { markProvisioned, placeService, startBuild } from "@/lib/services/provisioning/provisioning-steps";
import { DEMO_CUSTOMER_EMAIL } from "./seed-customer";

/**
 * The demo customer's servers, so the panel's VPS page (power, reinstall, password, snapshots) and
 * dedicated page (power, rescue, reinstall, reverse DNS, SSH keys) have something to show on a fresh
 * install. The dedicated server takes one server out of Amsterdam's stock.
 */
export const DEMO_SERVERS = {
  vps: { label: "demo VPS", productSlug: "vps-s", hostname: "demo-web-1.example.com" },
  dedicated: { label: "demo server", productSlug: "ds-xeon-e2388g", hostname: "demo-metal-1.example.com" },
} as const;

/**
 * Builds one demo server through the same provisioning steps as an ordered service, on the
 * simulator with zero timing (the build finishes on its first poll); later actions run at the
 * node's own pace. Runs after the demo seed committed: allocation and creation use their own
 * transactions. Null when the demo catalogue is not there.
 */
export async function seedDemoServer(db: PrismaClient, server: (typeof DEMO_SERVERS)[keyof typeof DEMO_SERVERS], now = new Date()): Promise<string | null> {
  const owner = await db.user.findUnique({ where: { email: DEMO_CUSTOMER_EMAIL }, include: { ownedAccounts: { include: { projects: { where: { isDefault: true } } } } } });
  const account = owner?.ownedAccounts[0];
  const product = await db.product.findUnique({ where: { slug: server.productSlug }, include: { prices: { where: { cycle: "monthly" } } } });
  const location = await db.location.findUnique({ where: { value: "ams1" } });
  if (!account || !product || !location) return null;
  const nextDue = new Date(now);
  nextDue.setUTCMonth(nextDue.getUTCMonth() + 1);
  const service = await db.service.create({
    data: {
      accountId: account.id,
      projectId: account.projects[0]?.id ?? null,
      productId: product.id,
      name: server.hostname,
      hostname: server.hostname,
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
  if (!placement.ok) throw new Error(`${server.label}: ${JSON.stringify(placement)}`);
  const build = await startBuild(ctx, service.id, placement);
  if (!build.ok || !("jobId" in build)) throw new Error(`${server.label}: ${JSON.stringify(build)}`);
  const job = await getJob(build.jobId, ctx);
  if (job.state !== "succeeded") throw new Error(`${server.label}: build job ${job.state}`);
  await markProvisioned(ctx, service.id);
  return service.id;
}
