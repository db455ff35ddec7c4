import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintCustomerApiKey } from "@/lib/api-keys/mint-customer-api-key";
import { allocate } from "@/lib/backends/capacity/allocate";
import { releaseAllocation } from "@/lib/backends/capacity/release-allocation";
import { reserveDedicatedServer } from "@/lib/backends/capacity/reserve-dedicated-server";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { registerProductKindBackend } from "@/lib/catalogue/product-kind-backends";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { seedDemo } from "@/prisma/seed/seed-demo";
import { DEMO_CREDENTIALS_FILE, type DemoCredentials } from "@/prisma/seed/write-demo-credentials";
import { DEMO_CUSTOMER_EMAIL } from "@/prisma/seed/seed-customer";
import { DEMO_RESELLER_EMAIL } from "@/prisma/seed/seed-reseller";
import { customerRequest, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

// The catalogue endpoints of the customer API on the demo catalogue (prisma/seed), through the dispatcher.

let t: TestDb;
let dataDir: string;
let creds: DemoCredentials;
/** A customer API key of the demo reseller's own account: the storefront, priced at wholesale. */
let storefrontKey: string;
const now = new Date("2030-01-01T12:00:00Z");
let product: Record<string, string>;
let location: Record<string, string>;
let image: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

async function get(pathname: string, key: string = creds.customer.apiKey): Promise<{ status: number; body: Json }> {
  return readJson(await dispatchCustomerApi(customerRequest("GET", pathname, { key }), { db: t.db, clock: () => now }));
}

async function ok(pathname: string, key?: string): Promise<Json> {
  const { status, body } = await get(pathname, key);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.success).toBe(true);
  return body.data as Json;
}

const rowOf = (products: Json[], slug: string) => products.find((p) => p.id === product[slug])!;

beforeAll(async () => {
  t = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-catalogue-"));
  await seedDemo(t.db, { baseUrl: "http://localhost:3000", dataDir });
  creds = JSON.parse(readFileSync(path.join(dataDir, DEMO_CREDENTIALS_FILE), "utf8")) as DemoCredentials;
  product = Object.fromEntries((await t.db.product.findMany()).map((p) => [p.slug, p.id]));
  location = Object.fromEntries((await t.db.location.findMany()).map((l) => [l.value, l.id]));
  image = Object.fromEntries((await t.db.osImage.findMany()).map((i) => [i.slug, i.id]));
  const reseller = await t.db.clientAccount.findFirstOrThrow({ where: { owner: { email: DEMO_RESELLER_EMAIL } } });
  storefrontKey = (await mintCustomerApiKey({ db: t.db, now: new Date(), actor: { accountId: reseller.id, userId: reseller.ownerId } }, { label: "storefront", scopes: ["read"] })).plaintext;
});

afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /products", () => {
  it("lists the enabled catalogue in order with retail prices as strings; unsold cycles are null", async () => {
    const { products } = await ok("/products");
    expect(products.map((p: Json) => p.slug)).toEqual([
      "vps-s",
      "vps-m",
      "vps-l",
      "ds-xeon-e2388g",
      "ds-epyc-7443p",
      "game-minecraft-8gb",
      "game-nodejs-1gb",
      "ip-transit-1g",
      "colo-1u",
    ]);
    expect(rowOf(products, "vps-s")).toEqual({
      id: product["vps-s"],
      name: "VPS S",
      slug: "vps-s",
      description: expect.any(String),
      kind: "vps",
      category: { id: expect.any(String), slug: "vps", name: "VPS" },
      specs: expect.objectContaining({ cpu: "2 vCPU", vcpus: 2 }),
      currency: "EUR",
      price_basis: "retail",
      monthly_price: "6.50",
      quarterly_price: "18.90",
      semi_annually_price: null,
      annually_price: "70.20",
      hourly_price: "0.0099",
      setup_fee: "0.00",
    });
    // Hourly is disabled on the dedicated category although nothing else would stop it.
    expect(rowOf(products, "ds-xeon-e2388g")).toMatchObject({ monthly_price: "119.00", hourly_price: null, setup_fee: "49.00" });
  });

  it("prices an active reseller's own account at its wholesale (storefront)", async () => {
    const { products } = await ok("/products", storefrontKey);
    // Bronze (5 %, dedicated 7 %) vs the reseller's own 6 %: the better applies; Bronze's book prices the Xeon monthly.
    expect(rowOf(products, "vps-s")).toMatchObject({ price_basis: "wholesale", monthly_price: "6.11", hourly_price: "0.0093", semi_annually_price: null });
    expect(rowOf(products, "ds-xeon-e2388g")).toMatchObject({ monthly_price: "109.00", quarterly_price: "321.78", setup_fee: "0.00" });
  });

  it("shows figures in the account currency at the rate in force, converted like a quote", async () => {
    const account = await t.db.clientAccount.findFirstOrThrow({ where: { owner: { email: DEMO_CUSTOMER_EMAIL } } });
    await t.db.exchangeRate.create({ data: { baseCurrency: "EUR", quoteCurrency: "GBP", rate: "0.85", effectiveAt: new Date("2029-01-01T00:00:00Z") } });
    await t.db.clientAccount.update({ where: { id: account.id }, data: { currency: "GBP" } });
    try {
      const row = rowOf((await ok("/products")).products, "vps-s");
      expect(row).toMatchObject({ currency: "GBP", monthly_price: "5.53", hourly_price: "0.0084" }); // 6.50 × 0.85 = 5.525, rounded once to the penny; the hourly rate keeps 4 places
      await t.db.clientAccount.update({ where: { id: account.id }, data: { currency: "USD" } });
      expect(rowOf((await ok("/products")).products, "vps-s")).toMatchObject({ currency: "EUR", monthly_price: "6.50" });
    } finally {
      await t.db.clientAccount.update({ where: { id: account.id }, data: { currency: "EUR" } });
    }
  });
});

describe("GET /products/{id}", () => {
  it("adds the cycles sold, options, images, locations with surcharges and location_required", async () => {
    const ds = await ok(`/products/${product["ds-xeon-e2388g"]}`);
    expect(ds.billing_cycles).toEqual(["monthly", "quarterly", "semi-annually", "annually"]);
    expect(ds.location_required).toBe(true);
    expect(ds.locations.map((l: Json) => [l.value, l.id, l.country_code, l.available, l.code, l.surcharge])).toEqual([
      ["ams1", location.ams1, "NL", true, "available", { monthly: "0.00", setup: "0.00" }],
      ["fra1", location.fra1, "DE", true, "available", { monthly: "5.00", setup: "0.00" }],
      ["hel1", location.hel1, "FI", true, "available", { monthly: "0.00", setup: "0.00" }],
    ]);
    expect(ds.locations[0]).toMatchObject({ name: "Amsterdam", flag: "🇳🇱", reason: "Available in Amsterdam" });
    const ram = ds.options.find((o: Json) => o.name.startsWith("Additional 32 GB"));
    expect(ram).toMatchObject({ pricing_type: "recurring", max_quantity: 2, monthly_price: "19.00", hourly_price: null, setup_fee: "25.00", one_time_price: null });

    const epyc = await ok(`/products/${product["ds-epyc-7443p"]}`);
    expect(epyc.locations.map((l: Json) => [l.value, l.surcharge])).toEqual([
      ["ams1", { monthly: "15.00", setup: "50.00" }],
      ["fra1", { monthly: "0.00", setup: "0.00" }],
    ]);

    const vps = await ok(`/products/${product["vps-s"]}`);
    expect(vps.billing_cycles).toEqual(["monthly", "quarterly", "annually", "hourly"]);
    expect(vps.location_required).toBe(false);
    expect(vps.locations.every((l: Json) => l.surcharge === null)).toBe(true);
    expect(vps.cycle_prices).toEqual([
      { billing_cycle: "monthly", price: "6.50", setup_fee: "0.00" },
      { billing_cycle: "quarterly", price: "18.90", setup_fee: "0.00" },
      { billing_cycle: "annually", price: "70.20", setup_fee: "0.00" },
      { billing_cycle: "hourly", price: "0.0099", setup_fee: "0.00" },
    ]);
    expect((await ok(`/products/${product["vps-m"]}`)).billing_cycles).toContain("semi-annually");
  });

  it("options carry per-cycle prices, one-time options a one-time price", async () => {
    const vps = await ok(`/products/${product["vps-m"]}`);
    expect(vps.options.map((o: Json) => o.name)).toEqual(["Additional IPv4 address", "Automated daily backups", "Assisted migration"]);
    expect(vps.options[0]).toMatchObject({
      description: "One more routed IPv4 address with reverse DNS.",
      monthly_price: "2.00",
      semi_annually_price: "12.00",
      hourly_price: "0.0028",
      setup_fee: "0.00",
      one_time_price: null,
    });
    expect(vps.options[2]).toMatchObject({ pricing_type: "one_time", monthly_price: null, setup_fee: null, one_time_price: "79.00" });
  });

  it("os_images holds only order-gate images; os_images_all every linked image", async () => {
    await t.db.osImage.update({ where: { id: image["windows-server-2022"] }, data: { orderable: false } });
    try {
      const vps = await ok(`/products/${product["vps-m"]}`);
      expect(vps.os_images.map((i: Json) => i.slug).sort()).toEqual(["almalinux-9", "debian-12", "ubuntu-24-04"]);
      expect(vps.os_images.every((i: Json) => i.orderable === true)).toBe(true);
      expect(vps.os_images_all.map((i: Json) => [i.slug, i.orderable]).sort()).toEqual([
        ["almalinux-9", true],
        ["debian-12", true],
        ["ubuntu-24-04", true],
        ["windows-server-2022", false],
      ]);
      expect(vps.default_os_image_id).toBe(image["debian-12"]);
      expect(vps.os_images.find((i: Json) => i.is_default).id).toBe(image["debian-12"]);
    } finally {
      await t.db.osImage.update({ where: { id: image["windows-server-2022"] }, data: { orderable: true } });
    }
    const game = await ok(`/products/${product["game-minecraft-8gb"]}`);
    expect([game.os_images, game.os_images_all, game.default_os_image_id]).toEqual([[], [], null]);
  });

  it("a disabled or unknown product is 404; a malformed id 400", async () => {
    await t.db.product.update({ where: { id: product["vps-l"] }, data: { enabled: false } });
    try {
      for (const pathname of [`/products/${product["vps-l"]}`, `/products/${product["vps-l"]}/availability`, `/products/${randomUUID()}`]) {
        const { status, body } = await get(pathname);
        expect(status, pathname).toBe(404);
        expect(body).toMatchObject({ success: false, code: "NOT_FOUND", error: "Product not found" });
      }
      expect((await ok("/products")).products.map((p: Json) => p.slug)).not.toContain("vps-l");
      expect((await ok("/locations")).locations[0].product_ids).not.toContain(product["vps-l"]);
    } finally {
      await t.db.product.update({ where: { id: product["vps-l"] }, data: { enabled: true } });
    }
    const { status, body } = await get("/products/not-a-uuid/availability");
    expect([status, body.code, body.details]).toEqual([400, "BAD_REQUEST", [{ field: "id", message: expect.any(String) }]]);
  });
});

describe("GET /locations", () => {
  it("lists where products can be built, with the products listing each", async () => {
    const data = await ok("/locations");
    expect(data.count).toBe(3);
    expect(data.locations.map((l: Json) => [l.value, l.name, l.id, l.flag, l.country_code, l.sold_out])).toEqual([
      ["ams1", "Amsterdam", location.ams1, "🇳🇱", "NL", false],
      ["fra1", "Frankfurt", location.fra1, "🇩🇪", "DE", false],
      ["hel1", "Helsinki", location.hel1, "🇫🇮", "FI", false],
    ]);
    const hel1 = data.locations[2].product_ids;
    expect(hel1).toEqual(["vps-s", "vps-m", "vps-l", "ds-xeon-e2388g"].map((s) => product[s]));
    // Game servers are built on the game node, in fra1 only, where the demo sells them.
    expect(data.locations[1].product_ids).toEqual(
      ["vps-s", "vps-m", "vps-l", "ds-xeon-e2388g", "ds-epyc-7443p", "game-minecraft-8gb", "game-nodejs-1gb"].map((s) => product[s]),
    );
    // Kinds no backend builds yet list no location: nothing can be built there (issue 12).
    const listed = data.locations.flatMap((l: Json) => l.product_ids);
    for (const slug of ["ip-transit-1g", "colo-1u"]) expect(listed).not.toContain(product[slug]);
  });

  it("narrows to productId, repeated or comma-separated; unknown ids are ignored", async () => {
    const epyc = await ok(`/locations?productId=${product["ds-epyc-7443p"]}`);
    expect(epyc.locations.map((l: Json) => [l.value, l.product_ids])).toEqual([
      ["ams1", [product["ds-epyc-7443p"]]],
      ["fra1", [product["ds-epyc-7443p"]]],
    ]);
    const game = await ok(`/locations?productId=${product["game-minecraft-8gb"]}`);
    expect(game.locations.map((l: Json) => [l.value, l.product_ids])).toEqual([["fra1", [product["game-minecraft-8gb"]]]]);
    const both = `${product["ip-transit-1g"]},${product["colo-1u"]}`;
    expect(await ok(`/locations?productId=${both}`)).toEqual({ locations: [], count: 0 });
    // Once backends build them, they are listed where they are sold.
    const undo = [registerProductKindBackend("ip_transit", "network (test)"), registerProductKindBackend("colocation", "racks (test)")];
    try {
      for (const query of [`productId=${both}`, `productId=${product["ip-transit-1g"]}&productId=${product["colo-1u"]}`]) {
        const data = await ok(`/locations?${query}`);
        expect(data.locations.map((l: Json) => l.value), query).toEqual(["ams1", "fra1"]);
        expect(data.locations[1].product_ids).toEqual([product["ip-transit-1g"], product["colo-1u"]]);
      }
    } finally {
      for (const u of undo) u();
    }
    expect(await ok(`/locations?productId=${randomUUID()}`)).toEqual({ locations: [], count: 0 });
  });

  it("refuses more than 50 product ids, and one that is not a uuid", async () => {
    const fifty = Array.from({ length: 50 }, () => randomUUID());
    expect((await get(`/locations?productId=${fifty.join(",")}`)).status).toBe(200);
    for (const query of [[...fifty, randomUUID()].join(","), [...fifty, randomUUID()].map((id) => id).join("&productId=")]) {
      const { status, body } = await get(`/locations?productId=${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: "BAD_REQUEST", details: [{ field: "productId", message: "At most 50 product ids may be given" }] });
    }
    const { status, body } = await get("/locations?productId=vps-s");
    expect([status, body.details]).toEqual([400, [{ field: "productId", message: "Every productId must be a UUID" }]]);
  });

  it("does not list a product the operator withdrew or that nobody can order", async () => {
    await t.db.product.update({ where: { id: product["ds-epyc-7443p"] }, data: { forcedUnavailable: true } });
    try {
      expect(await ok(`/locations?productId=${product["ds-epyc-7443p"]}`)).toEqual({ locations: [], count: 0 });
    } finally {
      await t.db.product.update({ where: { id: product["ds-epyc-7443p"] }, data: { forcedUnavailable: false } });
    }
    const category = await t.db.productCategory.findUniqueOrThrow({ where: { slug: "network" } });
    await t.db.productCategory.update({ where: { id: category.id }, data: { disabledCycles: ["monthly", "quarterly", "semi_annually", "annually", "hourly"] } });
    try {
      expect(await ok(`/locations?productId=${product["ip-transit-1g"]}`)).toEqual({ locations: [], count: 0 });
      expect(await ok(`/products/${product["ip-transit-1g"]}/availability`)).toMatchObject({
        available: false,
        code: "plan_disabled",
        reason: "This product is not sold on any billing cycle",
      });
    } finally {
      await t.db.productCategory.update({ where: { id: category.id }, data: { disabledCycles: ["hourly"] } });
    }
  });
});

describe("GET /products/{id}/availability", () => {
  it("answers every location it is sold in, and one location when asked", async () => {
    const all = await ok(`/products/${product["vps-s"]}/availability`);
    expect(all).toEqual({
      available: true,
      code: "available",
      reason: "Available in Amsterdam (ams1), Frankfurt (fra1), Helsinki (hel1)",
      product_id: product["vps-s"],
      location: null,
      location_required: false,
      locations: [
        { value: "ams1", name: "Amsterdam", available: true, reason: "Available in Amsterdam", code: "available" },
        { value: "fra1", name: "Frankfurt", available: true, reason: "Available in Frankfurt", code: "available" },
        { value: "hel1", name: "Helsinki", available: true, reason: "Available in Helsinki", code: "available" },
      ],
    });
    expect(await ok(`/products/${product["vps-s"]}/availability?location=fra1`)).toMatchObject({ available: true, code: "available", location: "fra1" });
    expect(await ok(`/products/${product["ds-xeon-e2388g"]}/availability`)).toMatchObject({ location_required: true, code: "available" });
  });

  it("a location the product is not sold in is location_unavailable (200)", async () => {
    const a = await ok(`/products/${product["ds-epyc-7443p"]}/availability?location=hel1`);
    expect(a).toMatchObject({ available: false, code: "location_unavailable", location: "hel1", reason: "This product is not sold in 'hel1'; choose one of: ams1, fra1" });
    expect((await ok(`/products/${product["vps-s"]}/availability?location=mars1`)).code).toBe("location_unavailable");
  });

  it("forcedUnavailable → forced_unavailable everywhere", async () => {
    await t.db.product.update({ where: { id: product["vps-m"] }, data: { forcedUnavailable: true } });
    try {
      const a = await ok(`/products/${product["vps-m"]}/availability?location=ams1`);
      expect(a).toMatchObject({ available: false, code: "forced_unavailable", reason: "This product is temporarily unavailable" });
      expect(a.locations.map((l: Json) => l.code)).toEqual(["forced_unavailable", "forced_unavailable", "forced_unavailable"]);
      const detail = await ok(`/products/${product["vps-m"]}`);
      expect(detail.locations.every((l: Json) => l.available === false)).toBe(true);
    } finally {
      await t.db.product.update({ where: { id: product["vps-m"] }, data: { forcedUnavailable: false } });
    }
  });

  it("a native VPS without an orderable image, or with its module off, is plan_disabled", async () => {
    await t.db.osImage.updateMany({ data: { orderable: false } });
    try {
      expect(await ok(`/products/${product["vps-s"]}/availability`)).toMatchObject({ available: false, code: "plan_disabled" });
      expect((await ok(`/products/${product["ds-xeon-e2388g"]}/availability`)).code).toBe("available");
    } finally {
      await t.db.osImage.updateMany({ data: { orderable: true } });
    }
    await t.db.platformSettings.update({ where: { id: 1 }, data: { dedicatedEnabled: false } });
    try {
      expect(await ok(`/products/${product["ds-xeon-e2388g"]}/availability`)).toMatchObject({
        code: "plan_disabled",
        reason: "The dedicated server module is switched off on this platform",
      });
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { dedicatedEnabled: true } });
    }
  });

  it("a full hypervisor is no_capacity in its location while the others stay available", async () => {
    const ctx = testContext(t.db);
    // hel1 has one hypervisor of 128 vCPU / 256 GB / 3840 GB: take all of it.
    const hold = await allocate(ctx, location.hel1!, { vcpus: 128, memoryMb: 262_144, diskGb: 3_840 }, { ttlMs: null });
    try {
      const a = await ok(`/products/${product["vps-s"]}/availability?location=hel1`);
      expect(a).toMatchObject({ available: false, code: "no_capacity", location: "hel1", reason: "No capacity left in Helsinki for this product" });
      const overall = await ok(`/products/${product["vps-s"]}/availability`);
      expect([overall.code, overall.locations.map((l: Json) => l.code)]).toEqual(["available", ["available", "available", "no_capacity"]]);
      const detail = await ok(`/products/${product["vps-l"]}`);
      expect(detail.locations.map((l: Json) => [l.value, l.available])).toEqual([
        ["ams1", true],
        ["fra1", true],
        ["hel1", false],
      ]);
      // The Xeon dedicated server lists hel1 too, so hel1 is not sold out on the catalogue-wide list.
      expect((await ok("/locations")).locations[2]).toMatchObject({ value: "hel1", sold_out: false });
      const vpsOnly = await ok(`/locations?productId=${product["vps-s"]},${product["vps-m"]}`);
      expect(vpsOnly.locations.map((l: Json) => [l.value, l.sold_out])).toEqual([
        ["ams1", false],
        ["fra1", false],
        ["hel1", true],
      ]);
    } finally {
      await releaseAllocation(ctx, hold.id);
    }
    expect((await ok(`/products/${product["vps-s"]}/availability?location=hel1`)).code).toBe("available");
  });

  it("kinds no backend builds are plan_disabled everywhere, naming why", async () => {
    const a = await ok(`/products/${product["colo-1u"]}/availability?location=fra1`);
    const reason = "Colocation products cannot be ordered yet: no backend builds them";
    expect(a).toMatchObject({ available: false, code: "plan_disabled", reason });
    expect(a.locations.map((l: Json) => [l.value, l.code, l.reason])).toEqual([
      ["ams1", "plan_disabled", reason],
      ["fra1", "plan_disabled", reason],
    ]);
    expect(await ok(`/products/${product["ip-transit-1g"]}/availability`)).toMatchObject({
      available: false,
      code: "plan_disabled",
      reason: "IP transit products cannot be ordered yet: no backend builds them",
    });
    expect((await ok(`/products/${product["ip-transit-1g"]}`)).locations.every((l: Json) => l.available === false)).toBe(true);
  });

  it("game servers are available where the demo's game node stands (fra1)", async () => {
    const a = await ok(`/products/${product["game-minecraft-8gb"]}/availability`);
    expect(a).toMatchObject({ available: true, code: "available" });
    expect(a.locations.map((l: Json) => [l.value, l.code])).toEqual([["fra1", "available"]]);
    expect((await ok(`/products/${product["game-nodejs-1gb"]}`)).locations.map((l: Json) => [l.value, l.available])).toEqual([["fra1", true]]);
  });

  it("configured capacity (colocation, once a backend builds it): units held count against ProductLocation.capacity", async () => {
    const account = await t.db.clientAccount.findFirstOrThrow({ where: { owner: { email: DEMO_CUSTOMER_EMAIL } } });
    const row = await t.db.productLocation.findUniqueOrThrow({ where: { productId_locationId: { productId: product["colo-1u"]!, locationId: location.fra1! } } });
    const base = { accountId: account.id, productId: product["colo-1u"]!, locationId: location.fra1!, billingCycle: "monthly" as const, amount: "69.00", currency: "EUR" };
    await t.db.service.createMany({ data: Array.from({ length: row.capacity! }, (_, i) => ({ ...base, name: `colo-${i}`, status: "active" as const })) });
    await t.db.service.create({ data: { ...base, name: "colo-gone", status: "terminated" } });
    const undo = registerProductKindBackend("colocation", "colocation (test)");
    try {
      expect(await ok(`/products/${product["colo-1u"]}/availability?location=fra1`)).toMatchObject({ available: false, code: "no_capacity", reason: "Sold out in Frankfurt" });
      expect((await ok(`/products/${product["colo-1u"]}/availability?location=ams1`)).code).toBe("available");
      await t.db.service.updateMany({ where: { name: "colo-0", productId: product["colo-1u"] }, data: { status: "terminated" } });
      expect((await ok(`/products/${product["colo-1u"]}/availability?location=fra1`)).code).toBe("available");
    } finally {
      undo();
      await t.db.service.deleteMany({ where: { productId: product["colo-1u"] } });
    }
  });

  it("dedicated stock: no_capacity where none is left, sold_out when none is left anywhere", async () => {
    const ctx = testContext(t.db);
    for (const where of ["fra1", "fra1", "ams1"]) await reserveDedicatedServer(ctx, location[where]!, { sku: "ds-epyc-7443p" });
    const a = await ok(`/products/${product["ds-epyc-7443p"]}/availability`);
    expect(a).toMatchObject({
      available: false,
      code: "sold_out",
      reason: "Sold out in every location: Amsterdam (ams1), Frankfurt (fra1)",
    });
    expect(a.locations.map((l: Json) => [l.code, l.reason])).toEqual([
      ["no_capacity", "No server of this model is in stock in Amsterdam"],
      ["no_capacity", "No server of this model is in stock in Frankfurt"],
    ]);
    // Still listed (it can be built there once stock returns), and sold out for that product.
    const listed = await ok(`/locations?productId=${product["ds-epyc-7443p"]}`);
    expect(listed.locations.map((l: Json) => [l.value, l.sold_out])).toEqual([
      ["ams1", true],
      ["fra1", true],
    ]);
    expect((await ok("/locations")).locations.every((l: Json) => l.sold_out === false)).toBe(true);
    expect((await ok(`/products/${product["ds-xeon-e2388g"]}/availability?location=fra1`)).code).toBe("available");
  });
});
