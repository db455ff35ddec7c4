import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SUSPENDED_MESSAGE } from "@/lib/accounts/account-permissions";
import { createIpPool } from "@/lib/backends/ipam/create-ip-pool";
import { Prisma } from "@/lib/generated/prisma/client";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { RDNS_DEDICATED_ONLY, setDedicatedReverseDns } from "../dedicated/set-dedicated-reverse-dns";
import { serviceContext } from "../service-context";
import { SERVICE_NOT_FOUND, SUSPENDED_SENTENCE } from "../service-rules";
import { makeActiveService, makeCustomer, makeDedicatedSite, makeVpsSite, VPS_SPECS } from "../testing/service-factories";
import { RDNS_NEEDS_MANAGE, serviceNetworking } from "./service-networking";
import { ADDRESS_NOT_FOUND, setServiceReverseDns } from "./set-service-reverse-dns";

// One reverse DNS rule for VPS and dedicated servers: only the service's own addresses, an RFC 1123
// host name, null clears; the reseller API's entry keeps it to dedicated servers.

let t: TestDb;
let accountId: string;
let vps: { id: string };
let otherVps: { id: string };
let dedicated: { id: string };

beforeAll(async () => {
  t = await createTestDb();
  accountId = (await makeCustomer(t.db)).account.id;
  const site = await makeVpsSite(t.db);
  await createIpPool(t.db, { locationId: site.location.id, name: "v6", cidr: "2001:db8:5200::/48", gateway: "fe80::1", nodeKind: "vps", limit: 4 });
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
  vps = (await makeActiveService(t.db, { accountId, productId: product.id, locationId: site.location.id })).service;
  otherVps = (await makeActiveService(t.db, { accountId, productId: product.id, locationId: site.location.id })).service;
  const ds = await makeDedicatedSite(t.db);
  dedicated = (await makeActiveService(t.db, { accountId, productId: ds.product.id, locationId: ds.location.id })).service;
});
afterAll(async () => t?.close());

const ctx = (owner = accountId) => serviceContext({ db: t.db, actor: { accountId: owner } });
const networking = (serviceId: string, member = { mayChange: true, writable: true }) => serviceNetworking(ctx(), { serviceId, ...member });
const v6Of = async (serviceId: string) => (await networking(serviceId)).addresses.find((a) => a.version === 6)!;

describe("reverse DNS of a VPS", () => {
  it("sets the PTR name of the VPS's IPv6 address (lower-cased, trailing dot dropped) and the networking card shows it", async () => {
    const v6 = await v6Of(vps.id);
    expect(v6).toMatchObject({ prefixLength: 64, gateway: "fe80::1", subnetCidr: expect.stringMatching(/^2001:db8:5200:[0-9a-f]*:*\/64$/), reverseDns: null });
    const view = await setServiceReverseDns(ctx(), { serviceId: vps.id, ipAddressId: v6.id, hostname: "Mail.Example.COM." });
    expect(view).toMatchObject({ id: v6.id, address: v6.address, version: 6, reverseDns: "mail.example.com" });
    const card = await networking(vps.id);
    expect(card.reverseDns).toEqual({ editable: true, reason: null });
    expect(card.addresses.map((a) => [a.version, a.reverseDns])).toEqual([
      [4, null],
      [6, "mail.example.com"],
    ]);
  });

  it("only the service's own addresses: another VPS's address is not found and stays as it was", async () => {
    const theirs = await v6Of(otherVps.id);
    const refused = await domainRefusal(setServiceReverseDns(ctx(), { serviceId: vps.id, ipAddressId: theirs.id, hostname: "steal.example.com" }));
    expect([refused.kind, refused.message]).toEqual(["not_found", ADDRESS_NOT_FOUND]);
    expect((await v6Of(otherVps.id)).reverseDns).toBeNull();
    const stranger = (await makeCustomer(t.db)).account.id;
    const outside = await domainRefusal(setServiceReverseDns(ctx(stranger), { serviceId: vps.id, ipAddressId: (await v6Of(vps.id)).id, hostname: "x.example.com" }));
    expect([outside.kind, outside.message]).toEqual(["not_found", SERVICE_NOT_FOUND]);
  });

  it("refuses a name that is not a host name, on the hostname field, and keeps the old one", async () => {
    const v6 = await v6Of(vps.id);
    for (const bad of ["bad_name.example.com", "-web.example.com", "a..b", "x".repeat(64) + ".example.com"]) {
      const refused = await domainRefusal(setServiceReverseDns(ctx(), { serviceId: vps.id, ipAddressId: v6.id, hostname: bad }));
      expect(refused.kind).toBe("invalid");
      expect(refused.details).toEqual([{ field: "hostname", message: "Not a valid host name" }]);
    }
    expect((await v6Of(vps.id)).reverseDns).toBe("mail.example.com");
  });

  it("null clears the record", async () => {
    const v6 = await v6Of(vps.id);
    expect((await setServiceReverseDns(ctx(), { serviceId: vps.id, ipAddressId: v6.id, hostname: null })).reverseDns).toBeNull();
    expect((await v6Of(vps.id)).reverseDns).toBeNull();
  });

  it("the card says why the names cannot be changed: the member's permission, a suspended account, a suspended service", async () => {
    expect((await networking(vps.id, { mayChange: false, writable: true })).reverseDns).toEqual({ editable: false, reason: RDNS_NEEDS_MANAGE });
    expect((await networking(vps.id, { mayChange: true, writable: false })).reverseDns).toEqual({ editable: false, reason: ACCOUNT_SUSPENDED_MESSAGE });
    await t.db.service.update({ where: { id: otherVps.id }, data: { status: "suspended" } });
    expect((await networking(otherVps.id)).reverseDns).toEqual({ editable: false, reason: SUSPENDED_SENTENCE });
    const refused = await domainRefusal(setServiceReverseDns(ctx(), { serviceId: otherVps.id, ipAddressId: (await v6Of(otherVps.id)).id, hostname: "x.example.com" }));
    expect([refused.kind, refused.message]).toEqual(["forbidden", SUSPENDED_SENTENCE]);
  });
});

describe("the same rule for dedicated servers, and the reseller API's dedicated-only entry", () => {
  it("a dedicated server's address through either entry; a VPS through the reseller entry is refused", async () => {
    const [address] = (await networking(dedicated.id)).addresses;
    expect((await setServiceReverseDns(ctx(), { serviceId: dedicated.id, ipAddressId: address!.id, hostname: "metal.example.com" })).reverseDns).toBe("metal.example.com");
    expect((await setDedicatedReverseDns(ctx(), { serviceId: dedicated.id, ipAddressId: address!.id, hostname: null })).reverseDns).toBeNull();
    const refused = await domainRefusal(setDedicatedReverseDns(ctx(), { serviceId: vps.id, ipAddressId: (await v6Of(vps.id)).id, hostname: "x.example.com" }));
    expect([refused.kind, refused.message]).toEqual(["invalid", RDNS_DEDICATED_ONLY]);
  });
});
