import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createIpPool } from "@/lib/backends/ipam/create-ip-pool";
import { Prisma } from "@/lib/generated/prisma/client";
import { RDNS_NEEDS_MANAGE } from "@/lib/services/network/service-networking";
import { makeActiveService, makeVpsSite, VPS_SPECS } from "@/lib/services/testing/service-factories";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The networking card's loader and reverse DNS action, signed in as real users of the test database:
// the member's permission decides, and another account's service shows nothing.

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { getServiceNetworkingAction, setReverseDnsAction } = await import("./networking-actions");

let t: TestDb;
let me: Awaited<ReturnType<typeof makeCustomer>>;
let mine: string;
let theirs: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestDb();
  me = await makeCustomer(t.db);
  const other = await makeCustomer(t.db);
  const site = await makeVpsSite(t.db);
  await createIpPool(t.db, { locationId: site.location.id, name: "v6", cidr: "2001:db8:5300::/48", gateway: "fe80::1", nodeKind: "vps", limit: 4 });
  const id = randomBytes(4).toString("hex");
  const product = await t.db.product.create({
    data: {
      kind: "vps",
      name: `VPS v6 ${id}`,
      slug: `vps-v6-${id}`,
      specs: { ...VPS_SPECS, ipv6: true },
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("12.00") }] },
      locations: { create: [{ locationId: site.location.id }] },
      osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] },
    },
  });
  mine = (await makeActiveService(t.db, { accountId: me.account.id, productId: product.id, locationId: site.location.id })).service.id;
  theirs = (await makeActiveService(t.db, { accountId: other.account.id, productId: product.id, locationId: site.location.id })).service.id;
  const user = await makeUser(t.db);
  await t.db.teamMember.create({ data: { accountId: me.account.id, userId: user.id, permissions: ["services.view"] } });
  viewer = user.id;
});
afterAll(async () => t?.close());

describe("the networking card's loader and action", () => {
  it("the owner sees both addresses and saves a name; a refused name comes back on the hostname field", async () => {
    session.userId = me.owner.id;
    const data = (await getServiceNetworkingAction(mine))!;
    expect(data.reverseDns).toEqual({ editable: true, reason: null });
    const v6 = data.addresses.find((a) => a.version === 6)!;
    expect(v6).toMatchObject({ prefixLength: 64, gateway: "fe80::1" });
    const saved = await setReverseDnsAction(mine, v6.id, "  host6.example.com ");
    expect(saved).toMatchObject({ ok: true, data: { id: v6.id, reverseDns: "host6.example.com" }, message: `Reverse DNS of ${v6.address} set to host6.example.com` });
    expect(await setReverseDnsAction(mine, v6.id, "not a name")).toMatchObject({ ok: false, fieldErrors: { hostname: "Not a valid host name" } });
    expect(await setReverseDnsAction(mine, v6.id, "")).toMatchObject({ ok: true, data: { reverseDns: null } });
  });

  it("a member with services.view only sees the addresses, read-only, and the action refuses", async () => {
    session.userId = viewer;
    const data = (await getServiceNetworkingAction(mine))!;
    expect(data.reverseDns).toEqual({ editable: false, reason: RDNS_NEEDS_MANAGE });
    expect(await setReverseDnsAction(mine, data.addresses[0]!.id, "x.example.com")).toEqual({ ok: false, error: RDNS_NEEDS_MANAGE });
  });

  it("another account's service: no data, and its addresses cannot be named", async () => {
    session.userId = me.owner.id;
    expect(await getServiceNetworkingAction(theirs)).toBeNull();
    const row = await t.db.ipAddress.findFirstOrThrow({ where: { vm: { serviceId: theirs } } });
    expect(await setReverseDnsAction(theirs, row.id, "x.example.com")).toMatchObject({ ok: false });
    expect(await setReverseDnsAction(mine, row.id, "x.example.com")).toMatchObject({ ok: false, error: "IP address not found" });
    expect((await t.db.ipAddress.findUniqueOrThrow({ where: { id: row.id } })).reverseDns).toBeNull();
  });
});
