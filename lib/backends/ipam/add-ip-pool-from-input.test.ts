import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { makeLocation } from "@/lib/testing/factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { capacityByLocation } from "../capacity/capacity-by-location";
import { addIpPoolFromInput, listIpPools } from "./add-ip-pool-from-input";

let t: TestDb;
const operator = (): OperatorContext<Db> => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

describe("IP pools from the console", () => {
  it("a new pool's addresses count as the location's free addresses", async () => {
    const location = await makeLocation(t.db);
    const { addresses } = await addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "v4-a", cidr: "192.0.2.0/29", gateway: "192.0.2.1", nodeKind: "shared" } });
    expect(addresses).toBe(5); // .1–.6 less the gateway
    await addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "v6-a", cidr: "2001:db8:100::/60", gateway: "fe80::1", nodeKind: "vps", assignPrefixLength: "64" } });
    const [cap] = await capacityByLocation(t.db, { locationId: location.id });
    expect(cap!.addresses.vps).toEqual({ v4: 5, v6: 16 });
    expect(cap!.addresses.dedicated).toEqual({ v4: 5, v6: 0 });
    expect((await listIpPools(operator(), { locationId: location.id })).map((p) => [p.name, p.free, p.total])).toEqual([
      ["v4-a", 5, 5],
      ["v6-a", 16, 16],
    ]);
  });

  it("refuses malformed blocks, mismatched gateways and a duplicate name, leaving nothing behind", async () => {
    const location = await makeLocation(t.db);
    expect((await domainRefusal(addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "x", cidr: "192.0.2.0/33", nodeKind: "shared" } }))).details![0]!.field).toBe("cidr");
    const gw = await domainRefusal(addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "x", cidr: "192.0.2.0/28", gateway: "fe80::1", nodeKind: "shared" } }));
    expect(gw.details![0]).toEqual({ field: "gateway", message: "Gateway fe80::1 is not an IPv4 address" });
    await addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "dup", cidr: "198.51.100.0/30", nodeKind: "shared" } });
    const dup = await domainRefusal(addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "dup", cidr: "198.51.100.8/30", nodeKind: "shared" } }));
    expect(dup.details![0]!.field).toBe("name");
    expect(await t.db.ipPool.count({ where: { locationId: location.id } })).toBe(1);
  });

  it("an IPv6 pool is a prefix of /64 or larger cut into one /64 per server, each server's address its ::1", async () => {
    const location = await makeLocation(t.db);
    const refused = async (pool: Record<string, string>) => (await domainRefusal(addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "v6", nodeKind: "vps", ...pool } as never }))).details![0];
    expect(await refused({ cidr: "2001:db8:7100::/72" })).toEqual({ field: "cidr", message: "An IPv6 pool is a /64 or larger prefix, e.g. 2001:db8:100::/48." });
    expect((await refused({ cidr: "2001:db8:7100::/48", assignPrefixLength: "96" }))!.field).toBe("assignPrefixLength");
    expect((await refused({ cidr: "2001:db8:7100::/56", assignPrefixLength: "48" }))!.message).toBe("Enter a prefix length from 56 to 64 (64 = one /64 per server).");
    expect((await refused({ cidr: "2001:db8:7100::/48", gateway: "192.0.2.1" }))!.field).toBe("gateway");
    expect((await refused({ cidr: "2001:db8:zz::/48" }))!.field).toBe("cidr");
    expect((await refused({ cidr: "192.0.2.64/29", assignPrefixLength: "64" }))!.field).toBe("assignPrefixLength");
    expect(await t.db.ipPool.count({ where: { locationId: location.id } })).toBe(0);

    const { pool, addresses } = await addIpPoolFromInput(operator(), { locationId: location.id, pool: { name: "v6", cidr: "2001:0DB8:7100:0000::/48", gateway: "fe80::1", nodeKind: "vps" } });
    expect(addresses).toBe(256);
    expect(pool).toMatchObject({ version: 6, cidr: "2001:db8:7100::/48", prefixLength: 64, gateway: "fe80::1" });
    const rows = await t.db.ipAddress.findMany({ where: { poolId: pool.id }, orderBy: { ordinal: "asc" }, take: 3 });
    expect(rows.map((r) => r.address)).toEqual(["2001:db8:7100::1", "2001:db8:7100:1::1", "2001:db8:7100:2::1"]);
  });

  it("refuses a block that overlaps another pool's, in any location", async () => {
    const a = await makeLocation(t.db);
    const b = await makeLocation(t.db);
    await addIpPoolFromInput(operator(), { locationId: a.id, pool: { name: "v6-big", cidr: "2001:db8:7200::/48", nodeKind: "shared" } });
    const overlap = await domainRefusal(addIpPoolFromInput(operator(), { locationId: b.id, pool: { name: "v6-part", cidr: "2001:db8:7200:ff00::/56", nodeKind: "shared" } }));
    expect(overlap.details![0]!.field).toBe("cidr");
    expect(overlap.details![0]!.message).toContain("overlaps 2001:db8:7200::/48");
    expect(await t.db.ipPool.count({ where: { locationId: b.id } })).toBe(0);
    await addIpPoolFromInput(operator(), { locationId: b.id, pool: { name: "v6-next", cidr: "2001:db8:7201::/48", nodeKind: "shared" } });
  });
});
