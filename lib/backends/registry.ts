import type { Node } from "@/lib/generated/prisma/client";
import { BackendError } from "./backend-error";
import type { BmcDriver } from "./bmc-driver";
import type { BackendContext } from "./context";
import type { HypervisorDriver } from "./hypervisor-driver";
import { createSimulatedBmc, SIMULATED_BMC } from "./simulated-bmc/simulated-bmc";
import { createSimulatedHypervisor, SIMULATED_HYPERVISOR } from "./simulated-hypervisor/simulated-hypervisor";

export type BackendDriver = HypervisorDriver | BmcDriver;

/** Builds the driver of one node. A real driver reads its endpoint and credentials from `node.config`. */
export type DriverFactory = (node: Node, ctx: BackendContext) => BackendDriver;

const factories = new Map<string, { kind: "vps" | "dedicated"; create: DriverFactory }>([
  [SIMULATED_HYPERVISOR, { kind: "vps", create: createSimulatedHypervisor }],
  [SIMULATED_BMC, { kind: "dedicated", create: createSimulatedBmc }],
]);

/** Makes a driver available to nodes whose `driver` column names it (e.g. `libvirt`, `proxmox`, `redfish`). */
export function registerDriver(name: string, kind: "vps" | "dedicated", create: DriverFactory): void {
  factories.set(name, { kind, create });
}

export function registeredDrivers(): { name: string; kind: "vps" | "dedicated" }[] {
  return [...factories].map(([name, { kind }]) => ({ name, kind }));
}

export function driverFor(node: Node, ctx: BackendContext): BackendDriver {
  const entry = factories.get(node.driver);
  if (!entry) throw new BackendError("configuration", `Node ${node.name} names driver ${node.driver}, which is not registered`);
  if (entry.kind !== node.kind) throw new BackendError("configuration", `Driver ${node.driver} drives ${entry.kind} nodes; ${node.name} is ${node.kind}`);
  return entry.create(node, ctx);
}

async function nodeById(ctx: BackendContext, nodeId: string): Promise<Node> {
  const node = await ctx.db.node.findUnique({ where: { id: nodeId } });
  if (!node) throw new BackendError("not_found", `No node ${nodeId}`);
  return node;
}

export async function driverForNode(nodeId: string, ctx: BackendContext): Promise<BackendDriver> {
  return driverFor(await nodeById(ctx, nodeId), ctx);
}

export async function hypervisorForNode(nodeId: string, ctx: BackendContext): Promise<HypervisorDriver> {
  const driver = await driverForNode(nodeId, ctx);
  if (driver.kind !== "vps") throw new BackendError("configuration", `Node ${nodeId} is not a hypervisor`);
  return driver;
}

export async function bmcForNode(nodeId: string, ctx: BackendContext): Promise<BmcDriver> {
  const driver = await driverForNode(nodeId, ctx);
  if (driver.kind !== "dedicated") throw new BackendError("configuration", `Node ${nodeId} is not a dedicated-server controller`);
  return driver;
}

/** The driver of the node a machine lives on. */
export async function hypervisorForVm(vmId: string, ctx: BackendContext): Promise<HypervisorDriver> {
  const vm = await ctx.db.virtualMachine.findUnique({ where: { id: vmId }, select: { nodeId: true } });
  if (!vm) throw new BackendError("not_found", `No machine ${vmId}`);
  return hypervisorForNode(vm.nodeId, ctx);
}

export async function bmcForServer(serverId: string, ctx: BackendContext): Promise<BmcDriver> {
  const server = await ctx.db.dedicatedServer.findUnique({ where: { id: serverId }, select: { nodeId: true } });
  if (!server) throw new BackendError("not_found", `No server ${serverId}`);
  return bmcForNode(server.nodeId, ctx);
}
