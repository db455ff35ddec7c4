import type { Tx } from "@/lib/db/client";
import type { BackendJob, DedicatedProvisionState, Prisma } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { releaseAddresses } from "../ipam/addresses";
import type { SimOperation, SimOperationTable } from "../simulation/sim-job";

type Params = Record<string, unknown>;
const paramsOf = (job: BackendJob) => (job.params ?? {}) as Params;
const str = (v: unknown) => (typeof v === "string" ? v : null);

const update = (tx: Tx, job: BackendJob, data: Prisma.DedicatedServerUpdateInput) => tx.dedicatedServer.update({ where: { id: job.serverId! }, data });

function powerOperation(action: "on" | "off" | "restart"): SimOperation {
  return {
    async complete(tx, job) {
      if (paramsOf(job).alreadyInState === true) return { action, alreadyInState: true };
      await update(tx, job, { powerState: action === "off" ? "off" : "on" });
      return { action, alreadyInState: false };
    },
    async fail() {},
  };
}

const INSTALL_STEPS: Record<string, DedicatedProvisionState> = { pxe_booting: "pxe_booting", installing: "installing", rebooting: "rebooting" };

const install: SimOperation = {
  async enter(tx, job, step) {
    const state = INSTALL_STEPS[step];
    if (state) await update(tx, job, { provisionState: state, powerState: "on", rescueMode: false });
  },
  async complete(tx, job) {
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
    });
    return { osName: str(p.osName) };
  },
  async fail(tx, job) {
    await update(tx, job, { provisionState: "deploy_failed" });
  },
};

function rescueOperation(into: boolean): SimOperation {
  return {
    async complete(tx, job) {
      await update(tx, job, { provisionState: into ? "rescue" : "active", rescueMode: into, powerState: "on" });
      return { rescueMode: into };
    },
    async fail() {},
  };
}

const release: SimOperation = {
  async enter(tx, job, step) {
    if (step === "cleaning") await update(tx, job, { provisionState: "cleaning", powerState: "on" });
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
    });
    await releaseAddresses(tx, { serverId: server.id }, now);
    return {};
  },
  async fail(tx, job) {
    // A wipe that did not finish leaves data on the disks: an operator must look before it is sold again.
    await update(tx, job, { provisionState: "maintenance" });
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
