import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";
import { customerRequest, customerWithKey, readJson } from "@/lib/api/testing/api-test-kit";
import { makeActiveService, makeVpsSite, VPS_SPECS } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The parity table: for each rule the panel's action and the customer API give the same outcome
// (both refuse, with the same sentence where the panel shows one), because both call the domain.

const session = vi.hoisted(() => ({ userId: "" }));
// The real session module, signed in as the test's user: only next-auth's session read is replaced.
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let t: TestDb;
let me: Awaited<ReturnType<typeof customerWithKey>>;
let restricted: string;
let open: string;
let spare: string;
let imageId: string;

const api = async (method: string, path: string, body?: unknown) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key: me.plaintext, body }), { db: t.db }));

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db, { credit: "100.00" });
  session.userId = me.owner.id;
  const site = await makeVpsSite(t.db);
  const switchedOff = await t.db.product.create({
    data: {
      kind: "vps",
      name: `VPS no-start ${randomUUID().slice(0, 6)}`,
      slug: `vps-nostart-${randomUUID().slice(0, 6)}`,
      specs: { ...VPS_SPECS, controls: { powerActions: ["stop", "restart"], reinstall: false, password: false } },
      prices: { create: [{ cycle: "monthly", amount: "12.00" }] },
      locations: { create: [{ locationId: site.location.id }] },
      osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] },
    },
  });
  const made = (productId: string) =>
    makeActiveService(t.db, { accountId: me.account.id, productId, locationId: site.location.id, hostname: `pr-${randomUUID().slice(0, 6)}.example.com` });
  restricted = (await made(switchedOff.id)).service.id;
  open = (await made(site.product.id)).service.id;
  spare = (await made(site.product.id)).service.id;
  imageId = site.ubuntu.id;
  await t.db.service.update({ where: { id: open }, data: { status: "suspended" } });
});
afterAll(async () => {
  await t?.close();
});

describe("panel actions and the customer API decide alike", () => {
  const panel = () => import("@/app/(panel)/services/actions");
  // What the reinstall dialog has the customer type: the host name, or the name without one.
  const typedName = async (id: string) => {
    const row = await t.db.service.findUniqueOrThrow({ where: { id } });
    return row.hostname ?? row.name;
  };

  it("a power verb switched off for the product: the same 403 sentence", async () => {
    const viaApi = await api("POST", `/vps/${restricted}/power/start`);
    expect(viaApi.status).toBe(403);
    const viaPanel = await (await panel()).powerVpsAction(restricted, "start");
    expect(viaPanel).toEqual({ ok: false, error: viaApi.body.error });
    expect(viaApi.body.error).toBe("Power action 'start' is switched off for this product; allowed: stop, restart");
  });

  it("reinstall switched off for the product: the same 403 sentence", async () => {
    const image = await t.db.productOsImage.findFirstOrThrow({ where: { product: { services: { some: { id: restricted } } } } });
    const viaApi = await api("POST", `/vps/${restricted}/reinstall`, { image_id: image.osImageId, password: "correct-horse-battery" });
    expect(viaApi.status).toBe(403);
    const viaPanel = await (await panel()).reinstallVpsAction(restricted, image.osImageId, "correct-horse-battery", await typedName(restricted));
    expect(viaPanel).toEqual({ ok: false, error: viaApi.body.error });
  });

  it("a suspended service refuses start in both, with the same sentence", async () => {
    const viaApi = await api("POST", `/vps/${open}/power/start`);
    expect(viaApi.status).toBe(403);
    const viaPanel = await (await panel()).powerVpsAction(open, "start");
    expect(viaPanel).toEqual({ ok: false, error: viaApi.body.error });
  });

  it("a short root password is refused by both (the same field message: the API's validation, the domain's rule in the panel)", async () => {
    const viaApi = await api("POST", `/vps/${open}/password`, { password: "short" });
    expect(viaApi.status).toBe(400);
    expect(viaApi.body.details).toEqual([{ field: "password", message: "password must be at least 8 characters" }]);
    await t.db.service.update({ where: { id: open }, data: { status: "active" } });
    const viaPanel = await (await panel()).resetVpsPasswordAction(open, "short");
    // The same message on the same field as the API's validation detail.
    expect(viaPanel).toEqual({ ok: false, error: "The root password must be 8 to 128 characters long", fieldErrors: { password: "password must be at least 8 characters" } });
    await t.db.service.update({ where: { id: open }, data: { status: "suspended" } });
  });

  it("cool-downs are shared: a reinstall through the API uses the panel's one, with the same 429 sentence", async () => {
    const first = await api("POST", `/vps/${spare}/reinstall`, { image_id: imageId, password: "correct-horse-battery" });
    expect(first.status).toBe(200);
    const viaPanel = await (await panel()).reinstallVpsAction(spare, imageId, "correct-horse-battery", await typedName(spare));
    expect(viaPanel.ok).toBe(false);
    const again = await api("POST", `/vps/${spare}/reinstall`, { image_id: imageId, password: "correct-horse-battery" });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "ACTION_RATE_LIMITED" });
    expect(viaPanel).toMatchObject({ error: expect.stringMatching(/^Too many reinstalls on this resource \(1 per 5 minutes\); try again in \d+ seconds$/) });
  });
});
