import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHostname } from "@/lib/backends/ipam/ip-math";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { seedDemo } from "@/prisma/seed/seed-demo";
import { DEMO_CREDENTIALS_FILE, type DemoCredentials } from "@/prisma/seed/write-demo-credentials";
import { DEMO_RESELLER_EMAIL } from "@/prisma/seed/seed-reseller";
import { customerRequest, readJson, resellerRequest } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "../customer/dispatch";
import { dispatchResellerApi } from "./dispatch";

// The reseller API's catalogue on the demo catalogue (prisma/seed): wholesale figures for the demo
// reseller (Bronze tier: 5 % default, 7 % on dedicated servers, a price-book entry for the Xeon's
// monthly cycle; its own default discount 6 %), through the dispatcher.

let t: TestDb;
let dataDir: string;
let creds: DemoCredentials;
let resellerId: string;
const now = new Date("2030-01-01T12:00:00Z");
let product: Record<string, string>;
let image: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

async function get(pathname: string, key: string = creds.reseller.readOnlyApiKey): Promise<{ status: number; body: Json }> {
  return readJson(await dispatchResellerApi(resellerRequest("GET", pathname, { key }), { db: t.db, clock: () => now }));
}

async function ok(pathname: string): Promise<Json> {
  const { status, body } = await get(pathname);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.success).toBe(true);
  return body;
}

const find = (products: Json[], slug: string) => products.find((p) => p.slug === slug)!;

beforeAll(async () => {
  t = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-catalogue-"));
  await seedDemo(t.db, { baseUrl: "http://localhost:3000", dataDir });
  creds = JSON.parse(readFileSync(path.join(dataDir, DEMO_CREDENTIALS_FILE), "utf8")) as DemoCredentials;
  product = Object.fromEntries((await t.db.product.findMany()).map((p) => [p.slug, p.id]));
  image = Object.fromEntries((await t.db.osImage.findMany()).map((i) => [i.slug, i.id]));
  resellerId = (await t.db.resellerProfile.findFirstOrThrow({ where: { account: { owner: { email: DEMO_RESELLER_EMAIL } } } })).id;
});

afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /products", () => {
  it("is the catalogue at wholesale, numbers in the base currency, with top-level currency", async () => {
    const body = await ok("/products");
    expect(body.currency).toBe("EUR");
    expect(body.data.map((p: Json) => p.slug)).toEqual([
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
    const vps = find(body.data, "vps-s");
    expect(vps).toMatchObject({
      id: product["vps-s"],
      name: "VPS S",
      description: expect.any(String),
      category: "VPS",
      currency: "EUR",
      specs: expect.objectContaining({ ram: "4 GB" }),
      // Retail less the reseller's 6 % (better than Bronze's 5 %); semi-annual is not sold on this plan.
      // Each figure rounded once to the cent (17.766 → 17.77, 65.988 → 65.99): what an order charges; the hourly rate keeps 4 places.
      pricing: { currency: "EUR", monthly: 6.11, quarterly: 17.77, semiAnnual: null, annual: 65.99, hourly: 0.0093, setupFee: 0 },
    });
    const xeon = find(body.data, "ds-xeon-e2388g");
    // Monthly from Bronze's price book (setup fee waived there); other cycles retail less Bronze's dedicated 7 %; hourly disabled on the category.
    expect(xeon.pricing).toEqual({ currency: "EUR", monthly: 109, quarterly: 321.78, semiAnnual: 630.54, annual: 1195.05, hourly: null, setupFee: 0 });
    expect(xeon.locationRequired).toBe(true);
  });

  it("the same product costs the reseller less than a customer (wholesale vs retail)", async () => {
    const customer = await readJson(
      await dispatchCustomerApi(customerRequest("GET", `/products/${product["vps-m"]}`, { key: creds.customer.apiKey }), { db: t.db, clock: () => now }),
    );
    const retail = customer.body.data as Json;
    const wholesale = (await ok(`/products/${product["vps-m"]}`)).data;
    expect([retail.monthly_price, retail.semi_annually_price]).toEqual(["12.90", "73.50"]);
    expect([wholesale.pricing.monthly, wholesale.pricing.semiAnnual]).toEqual([12.13, 69.09]);
  });

  it("options: wholesale per cycle, retail beside it, the product's discount rate; one-time options once", async () => {
    const vps = (await ok(`/products/${product["vps-m"]}`)).data;
    const [ipv4, backups, migration] = vps.options;
    expect(ipv4).toEqual({
      id: expect.any(String),
      name: "Additional IPv4 address",
      description: "One more routed IPv4 address with reverse DNS.",
      pricingType: "recurring",
      maxQuantity: 8,
      pricing: {
        currency: "EUR",
        monthly: 1.88,
        quarterly: 5.64,
        semiAnnual: 11.28,
        annual: 22.56,
        hourly: 0.0026,
        setupFee: 0,
        oneTime: null,
        retail: { monthly: 2, quarterly: 6, semiAnnual: 12, annual: 24, hourly: 0.0028 },
        retailSetupFee: null,
        retailOneTime: null,
        discountRate: 6,
      },
    });
    expect(backups.maxQuantity).toBe(1);
    expect(migration).toMatchObject({
      pricingType: "one_time",
      pricing: { monthly: null, hourly: null, setupFee: null, oneTime: 74.26, retailOneTime: 79, retailSetupFee: null, discountRate: 6 },
    });
    const ram = (await ok(`/products/${product["ds-xeon-e2388g"]}`)).data.options.find((o: Json) => o.name.startsWith("Additional 32 GB"));
    // The option follows the product's percentage (Bronze dedicated 7 %), even though the product's monthly came from the price book.
    expect(ram.pricing).toMatchObject({ monthly: 17.67, hourly: null, setupFee: 23.25, retailSetupFee: 25, discountRate: 7 });
  });

  it("the rules in force move the figures: a product discount wins even when smaller; an override adds a cycle", async () => {
    await t.db.resellerProductDiscount.create({ data: { resellerId, productId: product["vps-m"]!, percent: "2.00" } });
    await t.db.resellerPriceOverride.create({ data: { resellerId, productId: product["ds-xeon-e2388g"]!, cycle: "hourly", amount: "0.2000" } });
    try {
      const vps = (await ok(`/products/${product["vps-m"]}`)).data;
      expect([vps.pricing.monthly, vps.options[0].pricing.monthly, vps.options[0].pricing.discountRate]).toEqual([12.64, 1.96, 2]); // 12.642 → 12.64
      const xeon = (await ok(`/products/${product["ds-xeon-e2388g"]}`)).data;
      expect([xeon.pricing.hourly, xeon.pricing.monthly]).toEqual([0.2, 109]);
      // The schema's billingCycles come from the retail columns: the override's cycle is missing there (documented disagreement).
      const schema = (await ok(`/products/${product["ds-xeon-e2388g"]}/schema`)).data;
      expect(schema.billingCycles).toEqual(["monthly", "quarterly", "semi-annually", "annually"]);
    } finally {
      await t.db.resellerProductDiscount.deleteMany({ where: { resellerId } });
      await t.db.resellerPriceOverride.deleteMany({ where: { resellerId } });
    }
    expect((await ok(`/products/${product["vps-m"]}`)).data.pricing.monthly).toBe(12.13);
  });
});

describe("GET /products/{productId}", () => {
  it("answers one product with top-level currency", async () => {
    const body = await ok(`/products/${product["colo-1u"]}`);
    expect(body.currency).toBe("EUR");
    expect(body.data).toMatchObject({ id: product["colo-1u"], slug: "colo-1u", category: "Colocation", pricing: { monthly: 55.46, setupFee: 93.06 } });
  });

  it("is 404 when the product is not in the catalogue (unknown or disabled)", async () => {
    await t.db.product.update({ where: { id: product["vps-l"] }, data: { enabled: false } });
    try {
      for (const pathname of [`/products/${product["vps-l"]}`, `/products/${product["vps-l"]}/schema`, `/products/${randomUUID()}`]) {
        const { status, body } = await get(pathname);
        expect([status, body], pathname).toEqual([404, { success: false, error: "Product not found" }]);
      }
      expect((await ok("/products")).data.map((p: Json) => p.slug)).not.toContain("vps-l");
    } finally {
      await t.db.product.update({ where: { id: product["vps-l"] }, data: { enabled: true } });
    }
  });
});

describe("GET /products/{productId}/schema", () => {
  it("native VPS: retail cycles, billingCycle required, orderable images, hostname pattern, no location pricing", async () => {
    await t.db.osImage.update({ where: { id: image["almalinux-9"] }, data: { orderable: false } });
    try {
      const s = (await ok(`/products/${product["vps-s"]}/schema`)).data;
      expect(s).toMatchObject({
        productId: product["vps-s"],
        productName: "VPS S",
        category: "VPS",
        billingEnabled: true,
        billingCycles: ["monthly", "quarterly", "annually", "hourly"],
        orderSchema: null,
        pluginDefaults: {},
        requiredFields: ["billingCycle"],
        osImageField: "osImageId",
        locationField: "location",
        locationRequired: false,
      });
      expect(s).not.toHaveProperty("locationPricing");
      expect(s.osImages).toEqual([
        { id: image["debian-12"], name: "Debian 12 (Bookworm)", slug: "debian-12", family: "linux", distro: "debian", version: "12", isDefault: true },
        { id: image["ubuntu-24-04"], name: "Ubuntu 24.04 LTS", slug: "ubuntu-24-04", family: "linux", distro: "ubuntu", version: "24.04", isDefault: false },
      ]);
      const pattern = new RegExp(s.hostnamePattern);
      for (const name of ["web-1", "web-1.example.com", "-web", "web_1", "a".repeat(64), "web.example."]) {
        expect(pattern.test(name), name).toBe(isHostname(name));
      }
    } finally {
      await t.db.osImage.update({ where: { id: image["almalinux-9"] }, data: { orderable: true } });
    }
  });

  it("dedicated: location required, location pricing with values and availability, no OS image list", async () => {
    const s = (await ok(`/products/${product["ds-epyc-7443p"]}/schema`)).data;
    expect(s).toMatchObject({ billingCycles: ["monthly", "quarterly", "semi-annually", "annually"], requiredFields: ["billingCycle", "location"], locationRequired: true, osImages: [] });
    expect(s.locationPricing).toEqual([
      { value: "ams1", name: "Amsterdam", countryCode: "NL", flag: "🇳🇱", surchargeMonthly: 15, surchargeSetup: 50, available: true, code: "available" },
      { value: "fra1", name: "Frankfurt", countryCode: "DE", flag: "🇩🇪", surchargeMonthly: 0, surchargeSetup: 0, available: true, code: "available" },
    ]);
  });

  it("colocation and IP transit: no backend builds them yet, so every location reads plan_disabled", async () => {
    for (const slug of ["colo-1u", "ip-transit-1g"]) {
      const s = (await ok(`/products/${product[slug]}/schema`)).data;
      expect(s.locationPricing.length, slug).toBeGreaterThan(0);
      expect(s.locationPricing.every((l: Json) => l.available === false && l.code === "plan_disabled"), slug).toBe(true);
    }
  });

  it("a game server needs neither location nor image; a product nobody can pay for is not billing-enabled", async () => {
    const game = (await ok(`/products/${product["game-minecraft-8gb"]}/schema`)).data;
    expect(game).toMatchObject({ requiredFields: ["billingCycle"], locationRequired: false, osImages: [], billingEnabled: true });
    expect(game).not.toHaveProperty("locationPricing");
    expect(game.billingCycles).toContain("hourly");

    await t.db.productPrice.deleteMany({ where: { productId: product["game-minecraft-8gb"] } });
    const s = (await ok(`/products/${product["game-minecraft-8gb"]}/schema`)).data;
    expect([s.billingEnabled, s.billingCycles]).toEqual([false, []]);
    const row = (await ok(`/products/${product["game-minecraft-8gb"]}`)).data;
    expect(row.pricing).toMatchObject({ monthly: null, quarterly: null, semiAnnual: null, annual: null, hourly: null, setupFee: null });
  });
});
