import { portCountersAt } from "./switch-port-counters";
import type { Tx } from "@/lib/db/client";
import type { BackendJob, DedicatedServer, Node } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import type { BmcCapabilities, BmcDriver, DedicatedPowerAction, HealthReport, InstallServerInput } from "../bmc-driver";
import type { BackendContext } from "../context";
import { toDedicatedServerView } from "../dedicated-server-view";
import { networkOfOwner, setReverseDns } from "../ipam/addresses";
import { isHostname } from "../ipam/ip-math";
import { toJobView } from "../job-view";
import { resolveTiming, type StepPlan } from "../simulation/durations";
import { takeFault, throwIfFaulted, throwIfSubmitFaulted } from "../simulation/faults";
import { checkRootPassword, hashGuestPassword } from "../simulation/guest-password";
import { resolveImage } from "../simulation/resolve-image";
import { abortSimJob, advanceSimJob, insertSimJob, newJobId } from "../simulation/sim-job";
import { inTransaction } from "@/lib/db/in-transaction";
import { openSimulatedConsole } from "../simulated-console/open-simulated-console";
import { serverNoDisplayReason, serverSceneReader } from "../simulated-console/server-scene";
import { BMC_OPERATIONS } from "./operations";
import { BMC_QUEUE_MS, BMC_STEPS, type BmcOperation } from "./step-plans";

export const SIMULATED_BMC = "simulated-bmc";

const CAPABILITIES: BmcCapabilities = {
  powerActions: ["on", "off", "restart"],
  console: "kvm",
  reinstall: true,
  passwordReset: "reinstall",
  rescue: true,
  health: true,
  snapshots: false,
};

const ACTIVE = ["queued", "running"] as const;
const INSTALLING = ["pxe_booting", "installing", "rebooting", "cleaning"];

interface ServerJobSpec {
  operation: BmcOperation;
  locks: { provision?: boolean; power?: boolean };
  check?(server: DedicatedServer): void;
  steps?(server: DedicatedServer): StepPlan;
  params?(server: DedicatedServer): Record<string, unknown>;
}

/** The simulated Redfish/PXE controller of one dedicated node's inventory (docs/backends.md). */
export function createSimulatedBmc(node: Node, ctx: BackendContext): BmcDriver {
  const { db, clock } = ctx;
  const timing = resolveTiming(BMC_QUEUE_MS, node.config, ctx.simulator);
  const stepsOf = (operation: BmcOperation, plan: StepPlan = BMC_STEPS[operation]) => timing.steps(operation, plan);

  const advance = (jobId: string, now = clock.now()): Promise<BackendJob> => advanceSimJob(db, jobId, now, BMC_OPERATIONS);

  async function catchUp(serverId: string): Promise<void> {
    const now = clock.now();
    const due = await db.backendJob.findMany({ where: { serverId, state: { in: [...ACTIVE] }, nextCheckAt: { lte: now } }, orderBy: { createdAt: "asc" } });
    for (const job of due) await advance(job.id, now);
  }

  async function lockedServer(tx: Tx, serverId: string): Promise<DedicatedServer> {
    await tx.$queryRaw`SELECT id FROM "DedicatedServer" WHERE id = ${serverId}::uuid FOR UPDATE`;
    const server = await tx.dedicatedServer.findUnique({ where: { id: serverId } });
    if (!server || server.nodeId !== node.id) throw new BackendError("not_found", `No server ${serverId} on node ${node.name}`);
    return server;
  }

  async function server(serverId: string): Promise<DedicatedServer> {
    const row = await db.dedicatedServer.findUnique({ where: { id: serverId } });
    if (!row || row.nodeId !== node.id) throw new BackendError("not_found", `No server ${serverId} on node ${node.name}`);
    return row;
  }

  async function submit(serverId: string, spec: ServerJobSpec): Promise<BackendJob> {
    await throwIfSubmitFaulted(db, { nodeId: node.id, serverId, operation: spec.operation });
    await catchUp(serverId);
    const job = await inTransaction(db, async (tx) => {
      const now = clock.now();
      const row = await lockedServer(tx, serverId);
      spec.check?.(row);
      if (spec.locks.provision && row.provisionJobId) throw new BackendError("conflict", "A reinstall is already running on this server");
      if (spec.locks.power && row.powerJobId) throw new BackendError("conflict", "Another power operation is running on this server");
      const jobId = newJobId();
      await tx.dedicatedServer.update({
        where: { id: row.id },
        data: { ...(spec.locks.provision ? { provisionJobId: jobId } : {}), ...(spec.locks.power ? { powerJobId: jobId } : {}) },
      });
      const fault = await takeFault(tx, { nodeId: node.id, serverId, operation: spec.operation }, "job");
      return insertSimJob(tx, {
        id: jobId,
        nodeId: node.id,
        serverId,
        operation: spec.operation,
        params: spec.params?.(row) ?? {},
        steps: stepsOf(spec.operation, spec.steps?.(row)),
        queueMs: timing.queueMs,
        now,
        fault,
      });
    });
    return advance(job.id);
  }

  async function installJob(serverId: string, operation: "provision" | "reinstall", input: InstallServerInput, allowed: string[]) {
    const hostname = input.hostname?.trim().toLowerCase();
    if (!hostname || !isHostname(hostname)) throw new BackendError("configuration", `Not a valid host name: ${input.hostname}`);
    if (input.rootPassword !== undefined) checkRootPassword(input.rootPassword);
    const image = await resolveImage(db, input.image, Number.MAX_SAFE_INTEGER, input.userData);
    const passwordHash = input.rootPassword ? hashGuestPassword(input.rootPassword) : null;
    const job = await submit(serverId, {
      operation,
      locks: { provision: true, power: true },
      check(row) {
        if (row.provisionJobId) throw new BackendError("conflict", "A reinstall is already running on this server");
        if (!allowed.includes(row.provisionState)) throw new BackendError("conflict", `Cannot ${operation} a server that is ${row.provisionState}`);
      },
      params: () => ({ hostname, osImageId: image.osImageId, osName: image.name, passwordHash, sshKeys: input.sshKeys ?? [] }),
    });
    return toJobView(job);
  }

  return {
    kind: "dedicated",
    driver: SIMULATED_BMC,
    nodeId: node.id,
    capabilities: CAPABILITIES,

    async status(serverId) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "status" });
      await catchUp(serverId);
      return toDedicatedServerView(await server(serverId));
    },

    async powerStatus(serverId) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "power.status" });
      await catchUp(serverId);
      return { powerState: (await server(serverId)).powerState };
    },

    async power(serverId, action: DedicatedPowerAction) {
      if (!CAPABILITIES.powerActions.includes(action)) throw new BackendError("configuration", `Unknown power action ${action}`);
      const already = (row: DedicatedServer) => (action === "on" && row.powerState === "on") || (action === "off" && row.powerState === "off");
      const job = await submit(serverId, {
        operation: `power.${action}`,
        locks: { power: true },
        check(row) {
          if (INSTALLING.includes(row.provisionState)) throw new BackendError("conflict", `The server is ${row.provisionState.replace("_", " ")}`);
        },
        // Restarting a server that is off powers it on.
        steps: (row) => (already(row) ? [] : action === "restart" && row.powerState === "off" ? BMC_STEPS["power.on"] : BMC_STEPS[`power.${action}`]),
        params: (row) => ({ action, alreadyInState: already(row) }),
      });
      return toJobView(job);
    },

    provision: (serverId, input) => installJob(serverId, "provision", input, ["reserved", "deploy_failed"]),
    reinstall: (serverId, input) => installJob(serverId, "reinstall", input, ["active", "deploy_failed", "rescue"]),

    async rescue(serverId, input) {
      checkRootPassword(input.password);
      const passwordHash = hashGuestPassword(input.password);
      const job = await submit(serverId, {
        operation: "rescue",
        locks: { provision: true, power: true },
        check(row) {
          if (row.provisionState !== "active") throw new BackendError("conflict", `Rescue needs a settled server; it is ${row.provisionState}`);
        },
        params: () => ({ passwordHash }),
      });
      return toJobView(job);
    },

    async unrescue(serverId) {
      const job = await submit(serverId, {
        operation: "unrescue",
        locks: { provision: true, power: true },
        check(row) {
          if (row.provisionState !== "rescue") throw new BackendError("conflict", "The server is not in rescue mode");
        },
      });
      return toJobView(job);
    },

    async health(serverId) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "health" });
      await catchUp(serverId);
      return simulatedHealth(await server(serverId), clock.now());
    },

    async trafficCounters(serverId) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "traffic" });
      await catchUp(serverId);
      const row = await server(serverId);
      // No customer on the port (in stock, being cleaned): nothing to report for anyone.
      if (!row.serviceId) return null;
      const now = clock.now();
      return { sampledAt: now, ...portCountersAt(row, now) };
    },

    async network(serverId) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "network" });
      await server(serverId);
      return networkOfOwner(db, { serverId });
    },

    async setReverseDns(serverId, addressId, hostname) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "network.rdns" });
      await server(serverId);
      return setReverseDns(db, { serverId }, addressId, hostname);
    },

    async setSshKeys(serverId, keys) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "ssh_keys" });
      await server(serverId);
      await db.dedicatedServer.update({ where: { id: serverId }, data: { sshKeys: keys } });
    },

    async openConsole(serverId, input) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "console" });
      // The management controller captures the video output: there is no serial line to offer.
      if (input.channel !== "rfb") throw new BackendError("conflict", "A dedicated server's console is its KVM (rfb); it has no serial console");
      await catchUp(serverId);
      const row = await server(serverId);
      const noDisplay = serverNoDisplayReason(row.provisionState);
      if (noDisplay) throw new BackendError("conflict", noDisplay);
      const read = serverSceneReader(db, row.id, clock, () => catchUp(row.id));
      const initial = await read();
      if (initial.gone !== undefined) throw new BackendError("conflict", "The server is not assigned");
      return openSimulatedConsole({ machineId: row.id, name: row.hostname ?? row.name, input, initial, read, clock, settings: ctx.guestConsole });
    },

    async consoleEndpoint(serverId) {
      await throwIfFaulted(db, { nodeId: node.id, serverId, operation: "console" });
      const row = await server(serverId);
      const noDisplay = serverNoDisplayReason(row.provisionState);
      if (noDisplay) return { available: false, reason: noDisplay };
      return { available: true, protocol: "kvm", target: { kind: "simulated", machineId: row.id } };
    },

    async release(serverId) {
      await throwIfSubmitFaulted(db, { nodeId: node.id, serverId, operation: "release" });
      const job = await inTransaction(db, async (tx) => {
        const now = clock.now();
        const row = await lockedServer(tx, serverId);
        const running = await tx.backendJob.findMany({ where: { serverId, state: { in: [...ACTIVE] } } });
        const pending = running.find((j) => j.operation === "release");
        if (pending) return pending;
        if (row.provisionState === "available" && !row.serviceId) throw new BackendError("conflict", "The server is already in stock");
        const aborted = new BackendError("conflict", "The server was released");
        for (const other of running) await abortSimJob(tx, other, aborted, now);
        const jobId = newJobId();
        await tx.dedicatedServer.update({ where: { id: row.id }, data: { provisionJobId: jobId, powerJobId: jobId } });
        const fault = await takeFault(tx, { nodeId: node.id, serverId, operation: "release" }, "job");
        // A server reserved but never installed holds no customer data: back to stock at once.
        const neverInstalled = row.provisionState === "reserved" && !row.osName;
        const [off, clean] = BMC_STEPS.release;
        const plan: StepPlan = neverInstalled ? [] : row.powerState === "on" ? [off, clean] : [clean];
        return insertSimJob(tx, { id: jobId, nodeId: node.id, serverId, operation: "release", params: {}, steps: stepsOf("release", plan), queueMs: timing.queueMs, now, fault });
      });
      return toJobView(await advance(job.id));
    },

    async advanceJob(jobId, now) {
      const job = await db.backendJob.findUnique({ where: { id: jobId } });
      if (!job || job.nodeId !== node.id) throw new BackendError("not_found", `No job ${jobId} on node ${node.name}`);
      return toJobView(await advance(jobId, now));
    },
  };
}

/** Deterministic sensor readings: warm and loud when on, standby figures when off. */
function simulatedHealth(server: DedicatedServer, now: Date): HealthReport {
  const seed = parseInt(server.id.replace(/-/g, "").slice(0, 8), 16) / 0xffffffff;
  const wave = 0.5 + 0.5 * Math.sin((2 * Math.PI * now.getTime()) / 1_200_000 + seed * 2 * Math.PI);
  const on = server.powerState === "on";
  const round = (n: number) => Math.round(n);
  return {
    overall: "ok",
    sampledAt: now,
    temperatures: [
      { name: "Inlet", celsius: round(21 + 3 * wave), status: "ok" },
      { name: "CPU1", celsius: on ? round(42 + 18 * wave) : null, status: "ok" },
      { name: "System board", celsius: on ? round(33 + 6 * wave) : null, status: "ok" },
    ],
    fans: [1, 2, 3, 4].map((i) => ({ name: `FAN${i}`, rpm: on ? round(5_400 + 1_800 * wave + 60 * i) : 0, status: "ok" as const })),
    powerSupplies: [1, 2].map((i) => ({ name: `PSU${i}`, watts: on ? round(95 + 70 * wave) : 6, status: "ok" as const })),
  };
}
