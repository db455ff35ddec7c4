import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import { makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import * as steps from "@/lib/services/provisioning/provisioning-steps";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { createAddressPolicy } from "@/lib/webhooks/address-policy";
import { guardedImageFetcher, virtualSizeOf } from "./fetch-image-file";

// A node fetches a URL image over the network and checks it before it builds a disk from it. The
// file is served by a real HTTP server on loopback (allowed by the test's address policy).

let t: TestDb;
let server: http.Server;
let base: string;
const hits = new Map<string, number>();
const files = new Map<string, Buffer>();

/** A qcow2 file whose header says `virtualGib`, followed by some data. */
function qcow2(virtualGib: number): Buffer {
  const header = Buffer.alloc(104);
  header.writeUInt32BE(0x514649fb, 0);
  header.writeUInt32BE(3, 4);
  header.writeBigUInt64BE(BigInt(virtualGib) * 1024n ** 3n, 24);
  return Buffer.concat([header, randomBytes(200_000)]);
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  t = await createTestDb();
  files.set("/golden.qcow2", qcow2(10));
  files.set("/raw.img", randomBytes(70_000));
  server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === "/moved") return void res.writeHead(302, { location: "/golden.qcow2" }).end();
    const body = files.get(req.url!);
    if (!body) return void res.writeHead(404).end("not here");
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

const loopback = guardedImageFetcher({ policy: createAddressPolicy({ allow: ["127.0.0.1"] }), allowHttp: true });

describe("guardedImageFetcher", () => {
  it("streams the file, hashing it, and reads a qcow2 header's virtual size (a raw file's is its length)", async () => {
    const golden = await loopback(`${base}/golden.qcow2`);
    expect(golden).toMatchObject({ sha256: sha(files.get("/golden.qcow2")!), sizeBytes: files.get("/golden.qcow2")!.length });
    expect(virtualSizeOf(golden)).toBe(10 * 1024 ** 3);
    const raw = await loopback(`${base}/raw.img`);
    expect(virtualSizeOf(raw)).toBe(70_000);
  });

  it("refuses what a node must not fetch: a 404, a redirect, plain http, a private address, credentials, a file over the cap", async () => {
    await expect(loopback(`${base}/missing.img`)).rejects.toMatchObject({ code: "configuration", message: "The image URL answered 404" });
    await expect(loopback(`${base}/moved`)).rejects.toMatchObject({ code: "configuration", message: "The image URL answered 302 (redirects are not followed)" });
    await expect(guardedImageFetcher()(`${base}/golden.qcow2`)).rejects.toMatchObject({ code: "configuration", message: "The image URL must use https" });
    await expect(guardedImageFetcher({ allowHttp: true })(`${base}/golden.qcow2`)).rejects.toMatchObject({ code: "configuration", message: expect.stringMatching(/^The image URL's host is refused: 127\.0\.0\.1 is/) });
    await expect(guardedImageFetcher()("https://10.1.2.3/a.img")).rejects.toMatchObject({ code: "configuration" });
    await expect(guardedImageFetcher()("https://user:pw@images.example.com/a.img")).rejects.toMatchObject({ message: "The image URL contains credentials" });
    const capped = guardedImageFetcher({ policy: createAddressPolicy({ allow: ["127.0.0.1"] }), allowHttp: true, maxBytes: 1000 });
    await expect(capped(`${base}/raw.img`)).rejects.toMatchObject({ code: "configuration", message: expect.stringMatching(/^The image is larger than/) });
  });
});

describe("a VPS built from a URL image", () => {
  it("is fetched and checked once per node, takes the file's virtual size, and a digest that does not match refuses the build", async () => {
    const site = await makeVpsSite(t.db);
    const { account } = await makeCustomer(t.db);
    const url = `${base}/golden.qcow2`;
    const image = await t.db.customImage.create({
      data: { accountId: account.id, name: "golden-url", sourceKind: "url", sourceUrl: url, sourceSha256: sha(files.get("/golden.qcow2")!), status: "available", availableAt: new Date() },
    });
    const ctx = testContext(t.db, { clock: createManualClock("2026-05-01T00:00:00Z"), imageFetcher: loopback });
    const build = async (imageId: string) => {
      const { service } = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, configuration: { custom_image_id: imageId } });
      const placement = await steps.placeService(ctx, service.id);
      expect(placement.ok).toBe(true);
      return { service, started: await steps.startBuild(ctx, service.id, placement as Extract<typeof placement, { ok: true }>) };
    };

    const hitsBefore = hits.get("/golden.qcow2") ?? 0;
    const first = await build(image.id);
    expect(first.started.ok).toBe(true);
    expect((await settle(ctx, (first.started as { jobId: string }).jobId)).state).toBe("succeeded");
    expect(await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: first.service.id } })).toMatchObject({ osName: "golden-url", nodeId: site.node.id });
    expect(await t.db.nodeImageCache.findMany({ where: { nodeId: site.node.id } })).toEqual([expect.objectContaining({ sha256: image.sourceSha256, virtualSizeBytes: 10n * 1024n ** 3n })]);
    // The registration did not say how big the image is; now it is known (and billable).
    expect((await t.db.customImage.findUniqueOrThrow({ where: { id: image.id } })).virtualSizeBytes).toBe(10n * 1024n ** 3n);

    const second = await build(image.id);
    expect(second.started.ok).toBe(true);
    expect(hits.get("/golden.qcow2")).toBe(hitsBefore + 1);

    const tampered = await t.db.customImage.create({
      data: { accountId: account.id, name: "tampered", sourceKind: "url", sourceUrl: `${base}/raw.img`, sourceSha256: "0".repeat(64), status: "available", availableAt: new Date() },
    });
    const refused = await build(tampered.id);
    expect(refused.started).toMatchObject({ ok: false, code: "configuration", detail: expect.stringMatching(/^The downloaded image does not match its SHA-256/) });
  });
});
