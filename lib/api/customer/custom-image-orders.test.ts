import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeProduct } from "@/lib/testing/factories";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import * as steps from "@/lib/services/provisioning/provisioning-steps";
import { customImageForOrder } from "@/lib/services/images/custom-image-for-order";
import type { Resolver } from "@/lib/webhooks/resolver";
import { customerRequest, customerWithKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

// Ordering a VPS from a custom image (customer API POST /orders `configOptions.custom_image_id`).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let t: TestDb;
let clock = new Date("2026-04-01T10:00:00.000Z");
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const call = async (method: string, path: string, body?: unknown, key = me.plaintext) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db, clock: () => clock })) as Promise<{ status: number; body: Json }>;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const order = (configOptions: Json, extra: Json = {}, key = me.plaintext) =>
  call("POST", "/orders", { productId: site.product.id, billingCycle: "monthly", hostname: `n-${randomUUID().slice(0, 6)}.example.com`, location: site.location.value, configOptions, ...extra }, key);

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db, { credit: "100.00" });
  site = await makeVpsSite(t.db, { nodes: 2 });
});
afterAll(async () => {
  await t?.close();
});

async function capturedImage(accountId = me.account.id, key = me.plaintext) {
  const source = await makeActiveService(t.db, { accountId, productId: site.product.id, locationId: site.location.id, hostname: `src-${randomUUID().slice(0, 6)}.example.com` });
  const started = await call("POST", `/vps/${source.service.id}/capture`, { name: "golden" }, key);
  expect(started.status).toBe(202);
  return { source, imageId: started.body.data.image.id as string };
}

describe("POST /orders with custom_image_id", () => {
  it("refuses a capturing image (409), both ids (400), another account's image (400 as unknown); an available capture is accepted and stored", async () => {
    const { source, imageId } = await capturedImage();
    expect(await order({ custom_image_id: imageId })).toMatchObject({ status: 409, body: { code: "CONFLICT", error: "Custom image golden is still capturing; try again when it is available" } });
    expect(await order({ custom_image_id: imageId, os_image_id: site.debian.id })).toMatchObject({ status: 400, body: { error: "Send either os_image_id or custom_image_id, not both" } });
    later(60_000);
    expect((await call("GET", `/custom-images/${imageId}`)).body.data.status).toBe("available");

    const stranger = await customerWithKey(t.db, { credit: "100.00" });
    expect(await order({ custom_image_id: imageId }, {}, stranger.plaintext)).toMatchObject({
      status: 400,
      body: { error: "Custom image not found", details: [{ field: "custom_image_id", message: "Custom image not found" }] },
    });

    const placed = await order({ custom_image_id: imageId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const serviceId = placed.body.data.services[0].id as string;
    const item = await t.db.service.findUniqueOrThrow({ where: { id: serviceId }, include: { orderItem: true } });
    expect(item.orderItem!.configuration).toMatchObject({ custom_image_id: imageId });
    expect(item.orderItem!.configuration).not.toHaveProperty("osImageId");

    // Built from the image, on the node that stores it.
    const sourceVm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: source.service.id, destroyedAt: null } });
    await t.db.service.update({ where: { id: serviceId }, data: { status: "pending" } });
    const ctx = testContext(t.db, { clock: createManualClock(clock.toISOString()) });
    const placement = await steps.placeService(ctx, serviceId);
    expect(placement, JSON.stringify(placement)).toMatchObject({ ok: true, nodeId: sourceVm.nodeId });
    const build = await steps.startBuild(ctx, serviceId, placement as Extract<typeof placement, { ok: true; kind: "vps" }>);
    expect(build.ok).toBe(true);
    const job = await settle(ctx, (build as { jobId: string }).jobId);
    expect(job.state).toBe("succeeded");
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId, destroyedAt: null } });
    expect([vm.nodeId, vm.osName, vm.osImageId]).toEqual([sourceVm.nodeId, "golden", null]);

    // Deleting the image later leaves the machine alone.
    expect((await call("DELETE", `/custom-images/${imageId}`)).status).toBe(200);
    expect((await t.db.virtualMachine.findUniqueOrThrow({ where: { id: vm.id } })).destroyedAt).toBeNull();
    expect(await order({ custom_image_id: imageId })).toMatchObject({ status: 400, body: { error: "Custom image not found" } });
  });

  it("a plan disk smaller than the image is 409; an image that failed is 409; a node without room is 409", async () => {
    const big = await call("POST", "/custom-images", { name: "huge", source_url: "https://93.184.215.14/huge.img", source_sha256: "b".repeat(64), virtual_size_bytes: 200 * 1024 ** 3 });
    expect(big.status).toBe(201);
    expect(await order({ custom_image_id: big.body.data.id })).toMatchObject({ status: 409, body: { code: "CONFLICT", error: "The plan's disk (80 GB) is smaller than the image needs (200 GB)" } });

    const failed = await t.db.customImage.create({ data: { accountId: me.account.id, name: "broken", sourceKind: "capture", status: "error", error: "x" } });
    expect(await order({ custom_image_id: failed.id })).toMatchObject({ status: 409, body: { error: "Custom image broken is not available (error)" } });

    const { imageId } = await capturedImage();
    later(60_000);
    await call("GET", `/custom-images/${imageId}`);
    const image = await t.db.customImage.findUniqueOrThrow({ where: { id: imageId } });
    const node = await t.db.node.findUniqueOrThrow({ where: { id: image.nodeId! } });
    await t.db.node.update({ where: { id: node.id }, data: { enabled: false } });
    try {
      expect(await order({ custom_image_id: imageId })).toMatchObject({
        status: 409,
        body: { error: "The server that stores this image has no room for another VPS of this plan right now" },
      });
    } finally {
      await t.db.node.update({ where: { id: node.id }, data: { enabled: true } });
    }

    // A capture stored in another location; and a product that is not a VPS.
    const elsewhere = await makeVpsSite(t.db);
    const far = await t.db.customImage.create({
      data: { accountId: me.account.id, name: "far", sourceKind: "capture", status: "available", imageRef: "sim-image:far", nodeId: elsewhere.node.id, virtualSizeBytes: BigInt(10 * 1024 ** 3) },
    });
    expect(await order({ custom_image_id: far.id })).toMatchObject({ status: 409, body: { error: `This image is stored in ${elsewhere.location.name}; order the VPS in that location` } });
    const generic = await makeProduct(t.db, { kind: "generic", prices: { monthly: "5.00" } });
    expect(await order({ custom_image_id: far.id }, { productId: generic.id, location: undefined })).toMatchObject({
      status: 400,
      body: { error: "custom_image_id is only available on VPS products" },
    });
  });

  it("a request narrowed to a project does not find an image of another project", async () => {
    const staging = await t.db.project.create({ data: { accountId: me.account.id, name: "Staging", slug: `staging-${randomUUID().slice(0, 6)}` } });
    const image = await call("POST", "/custom-images", { name: "staged", source_url: "https://93.184.215.14/s.img", source_sha256: "e".repeat(64), projectId: staging.slug });
    expect(image.body.data).toMatchObject({ status: "available" });
    const id = image.body.data.id as string;
    const body = { productId: site.product.id, billingCycle: "monthly", location: site.location.value, configOptions: { custom_image_id: id } };
    const inDefault = await readJson(
      await dispatchCustomerApi(customerRequest("POST", "/orders", { key: me.plaintext, body, headers: { "X-Project-Id": "default" } }), { db: t.db, clock: () => clock }),
    );
    expect(inDefault).toMatchObject({ status: 400, body: { error: "Custom image not found" } });
    expect((await readJson(await dispatchCustomerApi(customerRequest("GET", `/custom-images/${id}`, { key: me.plaintext, headers: { "X-Project-Id": "default" } }), { db: t.db, clock: () => clock }))).status).toBe(404);
    const inStaging = await readJson(
      await dispatchCustomerApi(customerRequest("POST", "/orders", { key: me.plaintext, body, headers: { "X-Project-Id": staging.slug } }), { db: t.db, clock: () => clock }),
    );
    expect(inStaging.status, JSON.stringify(inStaging.body)).toBe(201);
  });

  it("a URL image is checked again at order time: a private address (stored before, or re-pointed since) is refused with 400", async () => {
    const row = await t.db.customImage.create({
      data: { accountId: me.account.id, name: "legacy", sourceKind: "url", sourceUrl: "https://10.0.0.7/legacy.img", sourceSha256: "c".repeat(64), status: "available", availableAt: clock },
    });
    const message = "source_url must use a public host: 10.0.0.7 is a private address";
    expect(await order({ custom_image_id: row.id })).toMatchObject({ status: 400, body: { error: message, details: [{ field: "custom_image_id", message }] } });

    // A name that resolved to a public address at registration and to loopback now.
    const named = await t.db.customImage.create({
      data: { accountId: me.account.id, name: "repointed", sourceKind: "url", sourceUrl: "https://images.example.net/a.img", sourceSha256: "d".repeat(64), status: "available" },
    });
    const product = { kind: "vps", specs: { vcpus: 2, memoryMb: 4096, diskGb: 80 } };
    const at = (address: string): Resolver => async () => [{ address, family: address.includes(":") ? 6 : 4 }];
    const input = { accountId: me.account.id, imageId: named.id, product, locationId: null, field: "configOptions.custom_image_id" };
    await expect(customImageForOrder(t.db, input, { resolve: at("93.184.215.14") })).resolves.toMatchObject({ id: named.id });
    await expect(customImageForOrder(t.db, input, { resolve: at("127.0.0.1") })).rejects.toMatchObject({
      kind: "invalid",
      message: "source_url must use a public host: images.example.net resolves to 127.0.0.1, a loopback address",
    });
    await expect(customImageForOrder(t.db, input, { resolve: at("::ffff:127.0.0.1") })).rejects.toMatchObject({ kind: "invalid" });
  });
});
