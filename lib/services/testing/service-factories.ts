import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { Prisma, type ServiceStatus } from "@/lib/generated/prisma/client";
import { createManualClock } from "@/lib/backends/clock";
import { makeDedicatedNode, makeOsImage, makeSite, makeVpsNode, settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import * as steps from "../provisioning/provisioning-steps";
import { makeCustomer, makeReseller } from "@/lib/testing/factories";

// Services as the orders code leaves them (status `pending`, with an order, an order item carrying the
// configuration, a location and a hostname), and the backends they are built on. For the services
// tests; orders themselves are built elsewhere.

const uid = () => randomBytes(4).toString("hex");

export const VPS_SPECS = { cpu: "2 vCPU", ram: "4 GB", storage: "80 GB NVMe", vcpus: 2, memoryMb: 4096, diskGb: 80 };

/** A location with one simulated hypervisor, an IPv4 pool, two OS images and a VPS product offering them. */
export async function makeVpsSite(db: Db, options: { v4?: number; nodeVcpus?: number; nodes?: number } = {}) {
  const location = await makeSite(db, { v4: options.v4 ?? 20, v6: 0 });
  const nodes = [];
  for (let i = 0; i < (options.nodes ?? 1); i++) nodes.push(await makeVpsNode(db, location.id, { vcpus: options.nodeVcpus ?? 32 }));
  const debian = await makeOsImage(db, { name: "Debian 12" });
  const ubuntu = await makeOsImage(db, { name: "Ubuntu 24.04" });
  const id = uid();
  const product = await db.product.create({
    data: {
      kind: "vps",
      name: `VPS ${id}`,
      slug: `vps-${id}`,
      specs: VPS_SPECS,
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("12.00") }] },
      locations: { create: [{ locationId: location.id }] },
      osImages: { create: [{ osImageId: debian.id, isDefault: true }, { osImageId: ubuntu.id }] },
    },
  });
  return { location, node: nodes[0]!, nodes, debian, ubuntu, product };
}

/** A location with a simulated BMC holding `count` servers of a dedicated product's SKU. */
export async function makeDedicatedSite(db: Db, options: { count?: number } = {}) {
  const location = await makeSite(db, { v4: 20, v6: 0 });
  const id = uid();
  const image = await makeOsImage(db, { name: "Rocky 9" });
  const product = await db.product.create({
    data: {
      kind: "dedicated",
      name: `Dedicated ${id}`,
      slug: `ds-${id}`,
      specs: { cpu: "Xeon", ram: "64 GB", storage: "2 x 960 GB" },
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("99.00") }] },
      locations: { create: [{ locationId: location.id }] },
      osImages: { create: [{ osImageId: image.id, isDefault: true }] },
    },
  });
  const { node, servers } = await makeDedicatedNode(db, location.id, { servers: [{ sku: product.slug, count: options.count ?? 1 }] });
  return { location, node, servers, image, product };
}

export interface PendingServiceInput {
  accountId: string;
  productId: string;
  /** null: ordered without a location (the supplier picks one at placement). */
  locationId: string | null;
  hostname?: string | null;
  configuration?: Record<string, unknown>;
  status?: ServiceStatus;
  resellerId?: string | null;
  resellerCustomerId?: string | null;
  externalOrderId?: string | null;
  createdAt?: Date;
}

/** An order with one item and its service, as the orders code commits them. */
export async function makePendingService(db: Db, input: PendingServiceInput) {
  const id = uid();
  const hostname = input.hostname === undefined ? `web-${id}.example.com` : input.hostname;
  const order = await db.order.create({
    data: {
      orderNumber: `ORD-T-${id}`,
      accountId: input.accountId,
      resellerId: input.resellerId ?? null,
      resellerCustomerId: input.resellerCustomerId ?? null,
      externalOrderId: input.externalOrderId ?? null,
      status: "paid",
      paymentStatus: "paid",
      provisioningStatus: "pending",
      currency: "EUR",
      baseCurrency: "EUR",
      baseAmount: new Prisma.Decimal("12.00"),
      amount: new Prisma.Decimal("12.00"),
      total: new Prisma.Decimal("12.00"),
    },
  });
  const item = await db.orderItem.create({
    data: {
      orderId: order.id,
      productId: input.productId,
      billingCycle: "monthly",
      unitPrice: new Prisma.Decimal("12.00"),
      priceRule: "retail",
      locationId: input.locationId,
      hostname,
      configuration: (input.configuration ?? {}) as Prisma.InputJsonObject,
    },
  });
  const service = await db.service.create({
    data: {
      accountId: input.accountId,
      productId: input.productId,
      orderId: order.id,
      orderItemId: item.id,
      resellerCustomerId: input.resellerCustomerId ?? null,
      name: hostname ?? `srv-${id}`,
      hostname,
      status: input.status ?? "pending",
      billingCycle: "monthly",
      amount: new Prisma.Decimal("12.00"),
      currency: "EUR",
      locationId: input.locationId,
      createdAt: input.createdAt,
    },
  });
  return { order, item, service };
}

/** A reseller with a webhook URL and one customer record, for services bought through the reseller API. */
export async function makeResellerWithCustomer(db: Db) {
  const reseller = await makeReseller(db);
  await db.resellerProfile.update({ where: { id: reseller.profile.id }, data: { webhookUrl: "https://hooks.example.com/rackfront" } });
  const customer = await db.resellerCustomer.create({ data: { resellerId: reseller.profile.id, externalCustomerId: `cust-${uid()}` } });
  return { ...reseller, customer };
}

export { makeCustomer };

/**
 * A service built for real on the simulators (claim, hold, create, install to the end) with its own
 * manual clock, then marked active as the provisioning function does. For API and panel tests that
 * need a machine.
 */
export async function makeActiveService(db: Db, input: PendingServiceInput) {
  const made = await makePendingService(db, input);
  const ctx = testContext(db, { clock: createManualClock("2026-01-05T10:00:00.000Z") });
  const placement = await steps.placeService(ctx, made.service.id);
  if (!placement.ok) throw new Error(`placement failed: ${JSON.stringify(placement)}`);
  const build = await steps.startBuild(ctx, made.service.id, placement);
  if (!build.ok || !("jobId" in build)) throw new Error(`build failed: ${JSON.stringify(build)}`);
  const job = await settle(ctx, build.jobId);
  if (job.state !== "succeeded") throw new Error(`build job ${job.state}`);
  await steps.markProvisioned(ctx, made.service.id);
  return { ...made, service: await db.service.findUniqueOrThrow({ where: { id: made.service.id } }) };
}
