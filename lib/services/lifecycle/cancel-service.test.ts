import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeCustomer, makeVpsSite } from "@/lib/services/testing/service-factories";
import { serviceContext } from "../service-context";
import { cancelService } from "./cancel-service";
import { reinstallService } from "./reinstall-service";
import { TERMINATE_CONFIRM_MISMATCH } from "./run-lifecycle-verb";

let t: TestDb;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let customer: Awaited<ReturnType<typeof makeCustomer>>;

beforeAll(async () => {
  t = await createTestDb();
  site = await makeVpsSite(t.db);
  customer = await makeCustomer(t.db);
});
afterAll(async () => {
  await t?.close();
});

const ctx = () => serviceContext({ db: t.db, actor: { accountId: customer.account.id } });
const active = (hostname: string) => makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id, hostname });
const statusOf = async (id: string) => (await t.db.service.findUniqueOrThrow({ where: { id } })).status;

describe("cancelService with a typed confirmation (the panel's cancel now)", () => {
  it("refuses another name before anything changes, and terminates with the host name typed", async () => {
    const { service } = await active("typed-1.example.com");
    for (const wrong of ["typed-1", "TYPED-1.example.com", ""]) {
      await expect(cancelService(ctx(), { serviceId: service.id, immediate: true, confirm: wrong })).rejects.toMatchObject({ kind: "invalid", message: TERMINATE_CONFIRM_MISMATCH });
    }
    expect(await statusOf(service.id)).toBe("active");
    expect(await cancelService(ctx(), { serviceId: service.id, immediate: true, confirm: " typed-1.example.com " })).toEqual({ immediate: true });
    expect(await statusOf(service.id)).toBe("terminated");
  });

  it("leaves a cancellation at the end of the period to its own confirmation: no name is asked", async () => {
    const { service } = await active("typed-2.example.com");
    const result = await cancelService(ctx(), { serviceId: service.id, immediate: false, confirm: "anything" });
    expect(result).toHaveProperty("cancellation_scheduled_date");
    expect(await statusOf(service.id)).toBe("active");
  });
});

describe("reinstallService with a typed confirmation (the portals' reinstall dialog)", () => {
  it("refuses another name before the machine is touched; the host name typed starts the reinstall", async () => {
    const { service } = await active("typed-3.example.com");
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
    const image = await t.db.productOsImage.findFirstOrThrow({ where: { productId: site.product.id } });
    const reinstalls = () => t.db.backendJob.count({ where: { vmId: vm.id, operation: "reinstall" } });
    const input = { serviceId: service.id, osImageId: image.osImageId, password: "correct-horse-battery" };
    for (const wrong of ["typed-3", ""]) {
      await expect(reinstallService(ctx(), { ...input, confirm: wrong })).rejects.toMatchObject({ kind: "invalid", message: TERMINATE_CONFIRM_MISMATCH });
    }
    expect(await reinstalls()).toBe(0);
    await reinstallService(ctx(), { ...input, confirm: "typed-3.example.com" });
    expect(await reinstalls()).toBe(1);
  });
});
