import type { Tx } from "@/lib/db/client";
import type { BackendJob, DedicatedProvisionState, Prisma } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { releaseAddresses } from "../ipam/addresses";
import { portCountersAt } from "./switch-port-counters";
import type { SimOperation, SimOperationTable } from "../simulation/sim-job";

type Params = Record<string, unknown>;
const paramsOf = (job: BackendJob) => (job.params ?? {}) as Params;
const str = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * Updates the server; a change of power state first folds the switch-port counters up to `now`, so
 * traffic counts only while the server is on (switch-port-counters.ts).
 */
async function update(tx: Tx, job: BackendJob, data: Prisma.DedicatedServerUpdateInput, now: Date) {
  if (data.powerState !== undefined) {
    const row = await tx.dedicatedServer.findUniqueOrThrow({ where: { id: job.serverId! } });
    const folded = portCountersAt(row, now);
    // What the caller sets wins (a release clears the counters).
    data = { portRxBytes: folded.rxBytes, portTxBytes: folded.txBytes, portCountedAt: now, ...data };
  }
  return tx.dedicatedServer.update({ where: { id: job.serverId! }, data });
}

function powerOperation(action: "on" | "off" | "restart"): SimOperation {
  return {
    async complete(tx, job, now) {
      if (paramsOf(job).alreadyInState === true) return { action, alreadyInState: true };
      await update(tx, job, { powerState: action === "off" ? "off" : "on" }, now);
      return { action, alreadyInState: false };
    },
    async fail() {},
  };
}

const INSTALL_STEPS: Record<string, DedicatedProvisionState> = { pxe_booting: "pxe_booting", installing: "installing", rebooting: "rebooting" };

const install: SimOperation = {
  async enter(tx, job, step, now) {
    const state = INSTALL_STEPS[step];
    if (state) await update(tx, job, { provisionState: state, powerState: "on", rescueMode: false }, now);
  },
  async complete(tx, job, now) {
    const p = paramsOf(job);
    await update(tx, job, {
      provisionState: "active",
      powerState: "on",
      hostname: str(p.hostname),
      osImageId: str(p.osImageId),
      osName: str(p.osName),
      rootPasswordHash: str(p.passwordHash),
      sshKeys: Array.isArray(p.sshKeys) ? (p.sshKeys as string[]) : [],
      rescueMode: false,
    }, now);
    return { osName: str(p.osName) };
  },
  async fail(tx, job, _error, now) {
    await update(tx, job, { provisionState: "deploy_failed" }, now);
  },
};

function rescueOperation(into: boolean): SimOperation {
  return {
    async complete(tx, job, now) {
      await update(tx, job, { provisionState: into ? "rescue" : "active", rescueMode: into, powerState: "on" }, now);
      return { rescueMode: into };
    },
    async fail() {},
  };
}

const release: SimOperation = {
  async enter(tx, job, step, now) {
    if (step === "cleaning") await update(tx, job, { provisionState: "cleaning", powerState: "on" }, now);
  },
  async complete(tx, job, now) {
    const server = await tx.dedicatedServer.findUnique({ where: { id: job.serverId! } });
    if (!server) throw new BackendError("not_found", "The server left the inventory");
    await update(tx, job, {
      provisionState: "available",
      powerState: "off",
      service: { disconnect: true },
      hostname: null,
      osImageId: null,
      osName: null,
      rootPasswordHash: null,
      sshKeys: [],
      rescueMode: false,
      reservedAt: null,
      // The port's counters start again for the next customer.
      portRxBytes: 0,
      portTxBytes: 0,
      portCountedAt: null,
    }, now);
    await releaseAddresses(tx, { serverId: server.id }, now);
    return {};
  },
  async fail(tx, job, _error, now) {
    // A wipe that did not finish leaves data on the disks: an operator must look before it is sold again.
    await update(tx, job, { provisionState: "maintenance" }, now);
  },
};

export const BMC_OPERATIONS: SimOperationTable = {
  "power.on": powerOperation("on"),
  "power.off": powerOperation("off"),
  "power.restart": powerOperation("restart"),
  provision: install,
  reinstall: install,
  rescue: rescueOperation(true),
  unrescue: rescueOperation(false),
  release,
};
