import { randomBytes } from "node:crypto";
import type { ImageFetcher } from "../simulation/fetch-image-file";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { makeLocation } from "@/lib/testing/factories";
import { BackendError, type BackendErrorCode } from "../backend-error";
import { createManualClock, type ManualClock } from "../clock";
import type { BackendContext } from "../context";
import { createIpPool } from "../ipam/create-ip-pool";
import { getJob } from "../jobs";
import { GAME_NODE_DRIVER } from "../game-node/game-node-for";
import { addDedicatedServer, createNode } from "../nodes/create-node";
import { SIMULATED_BMC } from "../simulated-bmc/simulated-bmc";
import { SIMULATED_HYPERVISOR } from "../simulated-hypervisor/simulated-hypervisor";
import type { SimulatorTiming } from "../simulation/durations";
import type { BackendJobView } from "../types";

const uid = () => randomBytes(3).toString("hex");

export function testContext(db: Db, options: { clock?: ManualClock; simulator?: SimulatorTiming; imageFetcher?: ImageFetcher } = {}): BackendContext & { clock: ManualClock } {
  return { db, clock: options.clock ?? createManualClock(), simulator: options.simulator, imageFetcher: options.imageFetcher };
}

export async function makeVpsNode(
  db: Db,
  locationId: string,
  data: { name?: string; vcpus?: number; memoryMb?: number; diskGb?: number; enabled?: boolean; config?: Prisma.InputJsonObject } = {},
) {
  return createNode(db, {
    name: data.name ?? `hv-${uid()}`,
    locationId,
    kind: "vps",
    driver: SIMULATED_HYPERVISOR,
    enabled: data.enabled,
    config: data.config,
    capacity: { vcpus: data.vcpus ?? 32, memoryMb: data.memoryMb ?? 65_536, diskGb: data.diskGb ?? 1_000 },
  });
}

/** A game node driven by the embedded agent (tests register theirs with setEmbeddedGameNode). */
export async function makeGameNode(db: Db, locationId: string, data: { name?: string; memoryMb?: number; diskGb?: number; ports?: { start: number; end: number } } = {}) {
  return createNode(db, {
    name: data.name ?? `game-${uid()}`,
    locationId,
    kind: "game",
    driver: GAME_NODE_DRIVER,
    config: { embedded: true },
    capacity: { vcpus: 0, memoryMb: data.memoryMb ?? 32_768, diskGb: data.diskGb ?? 500 },
    portRange: data.ports ?? { start: 30_000, end: 30_099 },
  });
}

export async function makeDedicatedNode(db: Db, locationId: string, data: { servers?: { sku: string; count: number }[]; config?: Prisma.InputJsonObject } = {}) {
  const node = await createNode(db, { name: `bmc-${uid()}`, locationId, kind: "dedicated", driver: SIMULATED_BMC, config: data.config });
  const servers = [];
  for (const { sku, count } of data.servers ?? []) {
    for (let i = 0; i < count; i++) {
      servers.push(
        await addDedicatedServer(db, {
          nodeId: node.id,
          name: `${node.name}-${sku}-${String(i + 1).padStart(2, "0")}`,
          sku,
          manufacturer: "Dell",
          model: "PowerEdge R350",
          specs: { cpu: "Intel Xeon E-2388G", ram: "64 GB", storage: "2 x 960 GB NVMe" },
        }),
      );
    }
  }
  return { node, servers };
}

/** A location with a VPS pool of `v4` addresses (and a shared IPv6 block). */
export async function makeSite(db: Db, options: { v4?: number; v6?: number; nodeKind?: "vps" | "dedicated" | null } = {}) {
  const location = await makeLocation(db);
  const n = Math.floor(Math.random() * 200) + 20;
  await createIpPool(db, {
    locationId: location.id,
    name: "v4",
    cidr: `198.51.${n}.0/24`,
    gateway: `198.51.${n}.1`,
    limit: options.v4 ?? 50,
    nodeKind: options.nodeKind ?? null,
  });
  if (options.v6 !== 0) {
    await createIpPool(db, { locationId: location.id, name: "v6", cidr: `2001:db8:${n.toString(16)}::/56`, gateway: "fe80::1", limit: options.v6 ?? 16 });
  }
  return location;
}

export async function makeOsImage(db: Db, data: { family?: string; enabled?: boolean; name?: string } = {}) {
  const id = uid();
  return db.osImage.create({
    data: {
      name: data.name ?? `Debian 12 ${id}`,
      slug: `os-${id}`,
      family: data.family ?? "linux",
      distro: data.family === "windows" ? "windows-server" : "debian",
      version: "12",
      enabled: data.enabled ?? true,
    },
  });
}

/** Moves the clock from step boundary to step boundary until the job ends; returns the final view. */
export async function settle(ctx: BackendContext & { clock: ManualClock }, jobId: string): Promise<BackendJobView> {
  for (let i = 0; i < 50; i++) {
    const view = await getJob(jobId, ctx);
    if (view.state === "succeeded" || view.state === "failed") return view;
    const row = await ctx.db.backendJob.findUniqueOrThrow({ where: { id: jobId } });
    if (row.nextCheckAt > ctx.clock.now()) ctx.clock.set(row.nextCheckAt);
  }
  throw new Error(`job ${jobId} did not settle`);
}

/** Awaits a promise that must reject with a BackendError of `code`; returns the error. */
export async function expectBackendError(promise: Promise<unknown>, code: BackendErrorCode): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BackendError && error.code === code) return error;
    throw new Error(`expected BackendError ${code}, got ${error instanceof BackendError ? `BackendError ${error.code}: ${error.message}` : String(error)}`);
  }
  throw new Error(`expected BackendError ${code}, but the call succeeded`);
}
