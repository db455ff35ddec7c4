import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";
import { customerRequest, customerWithKey, readJson } from "./api-test-kit";

export interface CustomerVpsFixture {
  /** Set once the suite's beforeAll has run. */
  t: TestDb;
  me: Awaited<ReturnType<typeof customerWithKey>>;
  site: Awaited<ReturnType<typeof makeVpsSite>>;
  /** Calls the customer API with the suite's clock; `key` defaults to the fixture customer's. */
  call: (method: string, path: string, body?: unknown, key?: string) => ReturnType<typeof readJson>;
  /** Moves the suite's clock on. */
  later: (ms: number) => Date;
  /** A fresh active VPS on the site (another account's, or another product's, when given). */
  vps: (accountId?: string, productId?: string) => ReturnType<typeof makeActiveService>;
}

/**
 * One database, one customer with a key and one VPS site per suite, for the customer API's VPS
 * disk features (snapshots, backups, custom images). Registers the suite's beforeAll/afterAll.
 */
export function customerVpsFixture(options: { snapshotLimit: number; nodes?: number; hostnamePrefix: string }): CustomerVpsFixture {
  let clock = new Date("2026-04-01T10:00:00.000Z");
  const fx = {
    call: async (method: string, path: string, body?: unknown, key?: string) =>
      readJson(await dispatchCustomerApi(customerRequest(method, path, { key: key ?? fx.me.plaintext, body }), { db: fx.t.db, clock: () => clock })),
    later: (ms: number) => (clock = new Date(clock.getTime() + ms)),
    vps: (accountId?: string, productId?: string) =>
      makeActiveService(fx.t.db, {
        accountId: accountId ?? fx.me.account.id,
        productId: productId ?? fx.site.product.id,
        locationId: fx.site.location.id,
        hostname: `${options.hostnamePrefix}-${randomUUID().slice(0, 8)}.example.com`,
      }),
  } as CustomerVpsFixture;
  beforeAll(async () => {
    fx.t = await createTestDb();
    fx.me = await customerWithKey(fx.t.db);
    fx.site = await makeVpsSite(fx.t.db, options.nodes ? { nodes: options.nodes } : {});
    await fx.t.db.product.update({ where: { id: fx.site.product.id }, data: { snapshotLimit: options.snapshotLimit } });
  });
  afterAll(async () => {
    await fx.t?.close();
  });
  return fx;
}
