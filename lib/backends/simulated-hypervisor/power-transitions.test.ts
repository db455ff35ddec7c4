import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VmState } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { allocate } from "../capacity/allocate";
import { BackendError } from "../backend-error";
import { hypervisorForNode } from "../registry";
import { makeOsImage, makeSite, makeVpsNode, settle, testContext } from "../testing/backend-test-kit";
import type { VmPowerAction } from "../hypervisor-driver";
import { simulateHostEvent } from "./simulator-controls";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

// The simulated machine's power table, one row per (state, action): the state the job leaves the
// machine in (with `same` when the driver reports it was already there), or the refusal's code.
const TABLE: Record<VmState, Record<VmPowerAction, string>> = {
  creating: { start: "conflict", stop: "conflict", restart: "conflict" },
  running: { start: "running (same)", stop: "stopped", restart: "running" },
  stopped: { start: "running", stop: "stopped (same)", restart: "conflict" },
  paused: { start: "running", stop: "stopped", restart: "running" },
  error: { start: "running", stop: "stopped", restart: "running" },
};

/** A machine in `state`: built (and left mid-build for `creating`), then moved there as a host would. */
async function machineIn(state: VmState) {
  const ctx = testContext(t.db);
  const location = await makeSite(t.db, { v4: 4 });
  const node = await makeVpsNode(t.db, location.id);
  const image = await makeOsImage(t.db, { name: "Debian 12" });
  const hv = await hypervisorForNode(node.id, ctx);
  const allocation = await allocate(ctx, location.id, { vcpus: 1, memoryMb: 1024, diskGb: 20 });
  const { vm, job } = await hv.create({ allocationId: allocation.id, name: `vm-${state}-${location.value}`, image: { kind: "os", osImageId: image.id }, rootPassword: "first-password", start: state !== "stopped" });
  if (state !== "creating") expect((await settle(ctx, job.id)).state).toBe("succeeded");
  if (state === "paused") await simulateHostEvent(t.db, vm.id, "pause");
  if (state === "error") await simulateHostEvent(t.db, vm.id, "crash");
  expect((await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } })).state).toBe(state);
  return { ctx, hv, vmId: vm.id };
}

describe.each(Object.keys(TABLE) as VmState[])("a %s machine", (state) => {
  it.each(Object.keys(TABLE[state]) as VmPowerAction[])("%s", async (action) => {
    const { ctx, hv, vmId } = await machineIn(state);
    let outcome: string;
    try {
      const job = await hv.power(vmId, action);
      const done = await settle(ctx, job.id);
      expect(done.state).toBe("succeeded");
      const after = await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vmId } });
      outcome = `${after.state}${(done.result as { alreadyInState?: boolean } | null)?.alreadyInState ? " (same)" : ""}`;
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      outcome = error.code;
    }
    expect(outcome).toBe(TABLE[state][action]);
  });
});
