import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "@/lib/db/adapter-factory";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { allocate } from "./capacity/allocate";
import { reserveDedicatedServer } from "./capacity/reserve-dedicated-server";
import { createManualClock } from "./clock";
import { advance, getJob } from "./jobs";
import { bmcForServer, hypervisorForNode, hypervisorForVm } from "./registry";
import { injectFailure } from "./simulation/faults";
import { makeDedicatedNode, makeOsImage, makeSite, makeVpsNode } from "./testing/backend-test-kit";

const dir = mkdtempSync(path.join(tmpdir(), "rf-backends-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(dataDir: string): Promise<{ db: Db; opened: OpenedDatabase; close(): Promise<void> }> {
  const opened = await openDatabase({ kind: "pglite", dataDir });
  await migrate(opened.adapterFactory);
  const db = createPrismaClient(opened);
  return {
    db,
    opened,
    async close() {
      await db.$disconnect();
      await opened.close();
    },
  };
}

describe("state survives a restart (file-backed PGlite)", () => {
  it("resumes jobs in flight, keeps held capacity, addresses and injected faults", async () => {
    const dataDir = path.join(dir, "pglite");
    const clock = createManualClock();
    const first = await open(dataDir);
    const ctx = { db: first.db, clock };
    const location = await makeSite(first.db, { v4: 3, v6: 0 });
    const node = await makeVpsNode(first.db, location.id, { vcpus: 4 });
    const image = await makeOsImage(first.db);
    const { node: bmcNode } = await makeDedicatedNode(first.db, location.id, { servers: [{ sku: "ds", count: 1 }] });
    const hv = await hypervisorForNode(node.id, ctx);

    const allocation = await allocate(ctx, location.id, { vcpus: 2, memoryMb: 2048, diskGb: 40 });
    const { vm, job } = await hv.create({ allocationId: allocation.id, name: "survivor", image: { kind: "os", osImageId: image.id } });
    const t0 = clock.now().getTime();
    clock.set(new Date(t0 + 500 + 2_000 + 1_000));
    expect(await getJob(job.id, ctx)).toMatchObject({ state: "running", step: "imaging" });

    const server = await reserveDedicatedServer(ctx, location.id, { sku: "ds" });
    const bmc = await bmcForServer(server.id, ctx);
    const install = await bmc.provision(server.id, { image: { kind: "os", osImageId: image.id }, hostname: "metal.example.com" });
    await injectFailure(first.db, { node: node.id, operation: "stop", code: "provider_unreachable" });
    await first.close();

    // A new process: new client, new drivers, same data directory; time has moved on meanwhile.
    const second = await open(dataDir);
    try {
      const ctx2 = { db: second.db, clock };
      clock.set(new Date(t0 + 60_000));
      expect(await getJob(job.id, ctx2)).toMatchObject({ state: "succeeded", progress: 100 });
      const hv2 = await hypervisorForVm(vm.id, ctx2);
      expect((await hv2.status(vm.id)).state).toBe("running");

      // The background tick picks up the install nobody polls.
      clock.set(new Date(t0 + 60 * 60_000));
      const report = await advance(clock.now(), ctx2);
      expect(report.errors).toEqual([]);
      expect((await getJob(install.id, ctx2)).state).toBe("succeeded");
      expect((await (await bmcForServer(server.id, ctx2)).status(server.id)).provisionState).toBe("active");
      expect((await second.db.dedicatedServer.findUniqueOrThrow({ where: { id: server.id } })).nodeId).toBe(bmcNode.id);

      // Held capacity and addresses were kept: only one more machine of this size fits, on fresh addresses.
      const next = await allocate(ctx2, location.id, { vcpus: 2, memoryMb: 2048, diskGb: 40 });
      expect(next.addressIds.some((id) => allocation.addressIds.includes(id))).toBe(false);
      await expect(allocate(ctx2, location.id, { vcpus: 2, memoryMb: 2048, diskGb: 40 })).rejects.toMatchObject({ code: "capacity" });

      // So was the fault injected before the restart.
      const stop = await hv2.power(vm.id, "stop");
      clock.advance(60_000);
      expect((await getJob(stop.id, ctx2)).error?.code).toBe("provider_unreachable");
    } finally {
      await second.close();
    }
  }, 90_000); // two file-backed databases opened in turn: slow on a loaded machine
});
