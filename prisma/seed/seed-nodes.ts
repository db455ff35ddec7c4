import type { Tx } from "@/lib/db/client";
import { GAME_NODE_DRIVER } from "@/lib/backends/game-node/game-node-for";
import { createIpPool } from "@/lib/backends/ipam/create-ip-pool";
import { addDedicatedServer, createNode } from "@/lib/backends/nodes/create-node";
import { SIMULATED_BMC } from "@/lib/backends/simulated-bmc/simulated-bmc";
import { SIMULATED_HYPERVISOR } from "@/lib/backends/simulated-hypervisor/simulated-hypervisor";
import { DEMO_PRODUCTS } from "./demo-products";
import type { DemoLocationValue } from "./seed-locations";

/** Hypervisors per location (sellable units after 4:1 vCPU overcommit) and the location's address blocks (documentation ranges). */
export const DEMO_SITES: Record<DemoLocationValue, { hypervisors: number; v4: string; v6: string }> = {
  ams1: { hypervisors: 2, v4: "192.0.2.0/24", v6: "2001:db8:a00::/56" },
  fra1: { hypervisors: 2, v4: "198.51.100.0/24", v6: "2001:db8:b00::/56" },
  hel1: { hypervisors: 1, v4: "203.0.113.0/24", v6: "2001:db8:c00::/56" },
};

/**
 * The game node the portal starts itself (docs/game-servers.md#embedded-node), in the one location
 * game products are sold. Its ports: RACKFRONT_GAME_PORTS (`first-last`), else 25565-25664.
 */
export const DEMO_GAME_NODE = { location: "fra1" as DemoLocationValue, capacity: { vcpus: 0, memoryMb: 65_536, diskGb: 1_000 } };

export function demoGamePortRange(env: NodeJS.ProcessEnv = process.env): { start: number; end: number } {
  const match = /^(\d+)-(\d+)$/.exec(env.RACKFRONT_GAME_PORTS ?? "");
  return match ? { start: Number(match[1]), end: Number(match[2]) } : { start: 25_565, end: 25_664 };
}

export const DEMO_HYPERVISOR_CAPACITY = { vcpus: 128, memoryMb: 262_144, diskGb: 3_840 };

/** What stands behind each dedicated product. */
const HARDWARE: Record<string, { manufacturer: string; model: string }> = {
  "ds-xeon-e2388g": { manufacturer: "Dell", model: "PowerEdge R350" },
  "ds-epyc-7443p": { manufacturer: "Supermicro", model: "AS-1114S-WN10RT" },
};

/**
 * The demo's backends: simulated hypervisors in every location, one simulated BMC controller per
 * location with as many servers of each dedicated product as the catalogue says it can sell there,
 * and an IPv4 /24 plus a block of IPv6 /64s per location shared by both kinds.
 */
export async function seedNodes(tx: Tx, { locations }: { locations: Record<DemoLocationValue, string> }): Promise<void> {
  let serial = 0;
  for (const [value, site] of Object.entries(DEMO_SITES) as [DemoLocationValue, (typeof DEMO_SITES)[DemoLocationValue]][]) {
    const locationId = locations[value];
    for (let i = 1; i <= site.hypervisors; i++) {
      await createNode(tx, { name: `${value}-hv${String(i).padStart(2, "0")}`, locationId, kind: "vps", driver: SIMULATED_HYPERVISOR, capacity: DEMO_HYPERVISOR_CAPACITY });
    }
    const gateway = site.v4.replace(/0\/24$/, "1");
    await createIpPool(tx, { locationId, name: `${value}-v4`, cidr: site.v4, gateway });
    await createIpPool(tx, { locationId, name: `${value}-v6`, cidr: site.v6, gateway: "fe80::1", limit: 256 });

    if (value === DEMO_GAME_NODE.location) {
      await createNode(tx, { name: `${value}-game01`, locationId, kind: "game", driver: GAME_NODE_DRIVER, config: { embedded: true }, capacity: DEMO_GAME_NODE.capacity, portRange: demoGamePortRange() });
    }
    const servers = DEMO_PRODUCTS.filter((p) => p.kind === "dedicated").flatMap((p) =>
      p.locations.filter((l) => l.value === value).map((l) => ({ product: p, count: l.capacity })),
    );
    if (servers.length === 0) continue;
    // Installs take minutes on real hardware; the demo runs them four times faster.
    const bmc = await createNode(tx, { name: `${value}-bmc01`, locationId, kind: "dedicated", driver: SIMULATED_BMC, config: { timeScale: 0.25 } });
    for (const { product, count } of servers) {
      const hardware = HARDWARE[product.slug] ?? { manufacturer: "Generic", model: product.name };
      for (let n = 1; n <= count; n++) {
        const name = `${value}-${product.slug.replace(/^ds-/, "")}-${String(n).padStart(2, "0")}`;
        await addDedicatedServer(tx, {
          nodeId: bmc.id,
          name,
          sku: product.slug,
          ...hardware,
          specs: { cpu: product.specs.cpu!, ram: product.specs.ram!, storage: product.specs.storage!, port: product.specs.port ?? null },
          serialNumber: `SIM${String(++serial).padStart(6, "0")}`,
          rack: `${value.toUpperCase()}-R${String(n).padStart(2, "0")}`,
        });
      }
    }
  }
}
