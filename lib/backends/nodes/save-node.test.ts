import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { makeLocation } from "@/lib/testing/factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { capacityByLocation } from "../capacity/capacity-by-location";
import { listNodesWithUsage } from "./list-nodes-with-usage";
import { createNodeFromInput, updateNode } from "./save-node";

let t: TestDb;
const operator = (): OperatorContext => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

describe("nodes", () => {
  it("adds a hypervisor whose capacity the location's availability counts", async () => {
    const location = await makeLocation(t.db);
    const node = await createNodeFromInput(operator(), {
      name: "hv-test-1",
      locationId: location.id,
      kind: "vps",
      driver: "simulated-hypervisor",
      capacityVcpus: "64",
      capacityMemoryMb: "131072",
      capacityDiskGb: "2000",
      enabled: "on",
    });
    const [cap] = await capacityByLocation(t.db, { locationId: location.id });
    expect(cap!.vps.total).toEqual({ vcpus: 64, memoryMb: 131072, diskGb: 2000 });
    const [row] = (await listNodesWithUsage(operator())).filter((n) => n.id === node.id);
    expect(row).toMatchObject({ machines: 0, allocatedVcpus: 0, location: { value: location.value } });

    const dup = await domainRefusal(
      createNodeFromInput(operator(), { name: "hv-test-1", locationId: location.id, kind: "vps", driver: "simulated-hypervisor", capacityVcpus: "1", capacityMemoryMb: "1", capacityDiskGb: "1" }),
    );
    expect(dup.details).toEqual([{ field: "name", message: "A node named “hv-test-1” already exists." }]);
  });

  it("refuses an unknown driver or one of the other kind", async () => {
    const location = await makeLocation(t.db);
    const base = { name: "x", locationId: location.id, capacityVcpus: "0", capacityMemoryMb: "0", capacityDiskGb: "0" };
    const unknown = await domainRefusal(createNodeFromInput(operator(), { ...base, kind: "vps", driver: "proxmox" }));
    expect(unknown.details![0]).toEqual({ field: "driver", message: "No driver named “proxmox” is registered. Choose one from the list." });
    const wrong = await domainRefusal(createNodeFromInput(operator(), { ...base, kind: "dedicated", driver: "simulated-hypervisor" }));
    expect(wrong.details![0]!.message).toBe("The simulated-hypervisor driver drives vps nodes, not dedicated.");
  });

  it("never lowers capacity below what is allocated, and a node's kind is fixed", async () => {
    const location = await makeLocation(t.db);
    const input = { name: "hv-test-2", locationId: location.id, kind: "vps", driver: "simulated-hypervisor", capacityVcpus: "16", capacityMemoryMb: "32768", capacityDiskGb: "500", enabled: "on" };
    const node = await createNodeFromInput(operator(), input);
    await t.db.node.update({ where: { id: node.id }, data: { allocatedVcpus: 8, allocatedMemoryMb: 8192, allocatedDiskGb: 100 } });
    const low = await domainRefusal(updateNode(operator(), { nodeId: node.id, node: { ...input, capacityVcpus: "4" } }));
    expect(low.kind).toBe("conflict");
    expect(low.message).toBe("Capacity cannot go below what is allocated now (8 vCPU, 8192 MB, 100 GB).");
    const updated = await updateNode(operator(), { nodeId: node.id, node: { ...input, capacityVcpus: "8", enabled: "" } });
    expect(updated).toMatchObject({ capacityVcpus: 8, enabled: false });
    const kind = await domainRefusal(updateNode(operator(), { nodeId: node.id, node: { ...input, kind: "dedicated", driver: "simulated-bmc" } }));
    expect(kind.details![0]!.field).toBe("kind");
  });
});

describe("dedicated stock", () => {
  it("a server added to a BMC node is stock of its SKU in the location; hypervisors take none", async () => {
    const { addServerFromInput } = await import("./add-server-from-input");
    const location = await makeLocation(t.db);
    const bmc = await createNodeFromInput(operator(), { name: "bmc-test-1", locationId: location.id, kind: "dedicated", driver: "simulated-bmc", capacityVcpus: "0", capacityMemoryMb: "0", capacityDiskGb: "0", enabled: "on" });
    await addServerFromInput(operator(), { nodeId: bmc.id, server: { name: "srv-test-1", sku: "ds-test", manufacturer: "Dell", model: "R350" } });
    const [cap] = await capacityByLocation(t.db, { locationId: location.id });
    expect(cap!.dedicated.availableBySku).toEqual({ "ds-test": 1 });
    const dup = await domainRefusal(addServerFromInput(operator(), { nodeId: bmc.id, server: { name: "srv-test-1", sku: "ds-test", manufacturer: "Dell", model: "R350" } }));
    expect(dup.details![0]!.field).toBe("name");
    const hv = await createNodeFromInput(operator(), { name: "hv-test-9", locationId: location.id, kind: "vps", driver: "simulated-hypervisor", capacityVcpus: "1", capacityMemoryMb: "1", capacityDiskGb: "1" });
    const wrong = await domainRefusal(addServerFromInput(operator(), { nodeId: hv.id, server: { name: "srv-test-2", sku: "ds-test", manufacturer: "Dell", model: "R350" } }));
    expect(wrong.message).toBe("Servers can only be added to a dedicated-server controller (BMC node).");
  });
});
