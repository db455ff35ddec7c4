import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";
import { verifyPassword } from "@/lib/auth/password";
import { parseCustomerApiKey, parseResellerApiKey } from "@/lib/api-keys/parse-api-key";
import { openSigningSecret } from "@/lib/api-keys/open-signing-secret";
import { seedDemo } from "./seed-demo";
import type { DemoCredentials } from "./write-demo-credentials";

const BASE_URL = "http://localhost:4123";
const CYCLES = ["monthly", "quarterly", "semi_annually", "annually", "hourly"];

let t: TestDb;
let dataDir: string;
let file: string;
let first: { seeded: boolean };
let creds: DemoCredentials;

beforeAll(async () => {
  t = await createTestDb({ install: false });
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-seed-"));
  file = path.join(dataDir, "demo-credentials.json");
  first = await seedDemo(t.db, { baseUrl: BASE_URL, dataDir });
  creds = JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;
});

afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const dec = (v: Prisma.Decimal | string | number) => new Prisma.Decimal(v);

describe("seedDemo: credentials file", () => {
  it("seeds an empty database and writes the file with mode 0600 and exactly the documented shape", () => {
    expect(first).toEqual({ seeded: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const shape = (o: object): unknown =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === "object" && v !== null ? shape(v) : typeof v]));
    expect(shape(creds)).toEqual({
      baseUrl: "string",
      customer: { email: "string", password: "string", apiKey: "string", readOnlyApiKey: "string" },
      reseller: { email: "string", password: "string", apiKey: "string", readOnlyApiKey: "string", signingSecret: "string" },
      admin: { email: "string", password: "string" },
    });
    expect(Object.keys(creds)).toEqual(["baseUrl", "customer", "reseller", "admin"]);
    expect(creds.baseUrl).toBe(BASE_URL);
    expect(creds.customer.email).toBe("customer@rackfront.test");
    expect(creds.reseller.email).toBe("reseller@rackfront.test");
    expect(creds.admin.email).toBe("admin@rackfront.test");
  });

  it("leaves no temporary file behind", async () => {
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(dataDir)).toEqual(["demo-credentials.json"]);
  });

  it("gives each login a distinct readable password hashed with argon2id", async () => {
    const passwords = [creds.customer.password, creds.reseller.password, creds.admin.password];
    expect(new Set(passwords).size).toBe(3);
    for (const [email, password] of [
      [creds.customer.email, creds.customer.password],
      [creds.reseller.email, creds.reseller.password],
      [creds.admin.email, creds.admin.password],
    ] as const) {
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      const user = await t.db.user.findUniqueOrThrow({ where: { email } });
      expect(user.passwordHash.startsWith("$argon2id$")).toBe(true);
      expect(await verifyPassword(user.passwordHash, password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, password + "x")).toBe(false);
    }
  });

  it("writes customer keys of the rfk_ shape whose hashes are stored, full and read-only", async () => {
    const owner = await t.db.user.findUniqueOrThrow({ where: { email: creds.customer.email }, include: { ownedAccounts: true } });
    const expectations = [
      [creds.customer.apiKey, ["read", "services", "orders", "billing", "destructive"]],
      [creds.customer.readOnlyApiKey, ["read"]],
    ] as const;
    for (const [plaintext, scopes] of expectations) {
      expect(plaintext).toMatch(/^rfk_[0-9a-f]{8}_[0-9a-f]{96}$/);
      const { lookupId, secret } = parseCustomerApiKey(plaintext)!;
      const row = await t.db.customerApiKey.findUniqueOrThrow({ where: { lookupId } });
      expect(row.secretHash).toBe(sha256Hex(secret));
      expect(row.scopes).toEqual(scopes);
      expect(row.userId).toBe(owner.id);
      expect(row.accountId).toBe(owner.ownedAccounts[0]!.id);
      expect([row.revokedAt, row.expiresAt, row.projectId]).toEqual([null, null, null]);
    }
  });

  it("writes reseller keys of the rsk_ shape whose hashes are stored, and the signing secret sealed", async () => {
    const profile = await t.db.resellerProfile.findFirstOrThrow({ where: { account: { owner: { email: creds.reseller.email } } } });
    const expectations = [
      [creds.reseller.apiKey, ["read", "orders", "services", "destructive", "customers", "account"]],
      [creds.reseller.readOnlyApiKey, ["read"]],
    ] as const;
    for (const [plaintext, scopes] of expectations) {
      expect(plaintext).toMatch(/^rsk_[A-Za-z0-9]{8}_[A-Za-z0-9]{64}$/);
      const { lookupId, secret } = parseResellerApiKey(plaintext)!;
      const row = await t.db.resellerApiKey.findUniqueOrThrow({ where: { lookupId } });
      expect(row.secretHash).toBe(sha256Hex(secret));
      expect(row.scopes).toEqual(scopes);
      expect(row.resellerId).toBe(profile.id);
      expect([row.revokedAt, row.expiresAt, row.customerId]).toEqual([null, null, null]);
    }
    expect(creds.reseller.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(openSigningSecret(profile.signingSecret)).toBe(creds.reseller.signingSecret);
  });

  it("puts no key, secret or password in plaintext anywhere in the database", async () => {
    const needles = [
      creds.customer.apiKey,
      creds.customer.readOnlyApiKey,
      parseCustomerApiKey(creds.customer.apiKey)!.secret,
      parseCustomerApiKey(creds.customer.readOnlyApiKey)!.secret,
      creds.reseller.apiKey,
      creds.reseller.readOnlyApiKey,
      parseResellerApiKey(creds.reseller.apiKey)!.secret,
      parseResellerApiKey(creds.reseller.readOnlyApiKey)!.secret,
      creds.reseller.signingSecret,
      creds.customer.password,
      creds.reseller.password,
      creds.admin.password,
    ];
    const tables = await t.db.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    const names = tables.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["CustomerApiKey", "ResellerApiKey", "ResellerProfile", "User"]));
    let scanned = 0;
    for (const name of names) {
      const rows = await t.db.$queryRawUnsafe<{ j: string }[]>(`SELECT row_to_json(t)::text AS j FROM "${name}" t`);
      for (const { j } of rows) {
        scanned += 1;
        for (const needle of needles) expect(j.includes(needle), `${name} holds a plaintext secret`).toBe(false);
      }
    }
    expect(scanned).toBeGreaterThan(50);
  });

  it("does nothing on a second call and leaves the file untouched", async () => {
    const before = { text: readFileSync(file, "utf8"), mtime: statSync(file).mtimeMs, users: await t.db.user.count() };
    await new Promise((r) => setTimeout(r, 20));
    expect(await seedDemo(t.db, { baseUrl: "http://localhost:9999", dataDir })).toEqual({ seeded: false });
    expect(readFileSync(file, "utf8")).toBe(before.text);
    expect(statSync(file).mtimeMs).toBe(before.mtime);
    expect(await t.db.user.count()).toBe(before.users);
    expect(await t.db.product.count()).toBe(9);
  });
});

describe("seedDemo: money", () => {
  it("keeps every cached credit balance equal to its ledger sum, in EUR", async () => {
    const accounts = await t.db.clientAccount.findMany({ include: { ledger: { orderBy: { createdAt: "asc" } }, owner: true } });
    for (const account of accounts) {
      const sum = account.ledger.reduce((s, e) => s.plus(e.amount), dec(0));
      expect(account.creditBalance.equals(sum), account.name).toBe(true);
      if (account.ledger.length > 0) expect(account.ledger.at(-1)!.balanceAfter.equals(account.creditBalance)).toBe(true);
      expect(account.currency).toBe("EUR");
    }
    const byEmail = (email: string) => accounts.find((a) => a.owner.email === email)!;
    for (const email of [creds.customer.email, creds.reseller.email]) {
      const account = byEmail(email);
      expect(account.creditBalance.greaterThan(0)).toBe(true);
      expect(account.ledger.map((e) => e.kind)).toEqual(["top_up"]);
    }
  });

  it("stores prices exactly as decimals", async () => {
    const price = await t.db.productPrice.findFirstOrThrow({ where: { product: { slug: "vps-s" }, cycle: "hourly" } });
    expect(price.amount.toFixed(4)).toBe("0.0099");
    const monthly = await t.db.productPrice.findFirstOrThrow({ where: { product: { slug: "vps-m" }, cycle: "monthly" } });
    expect(monthly.amount.times(3).toFixed(2)).toBe("38.70");
  });
});

describe("seedDemo: settings and catalogue", () => {
  it("sets EUR as base currency and the reseller programme to credit with 20 webhook attempts", async () => {
    expect((await t.db.platformSettings.findUniqueOrThrow({ where: { id: 1 } })).baseCurrency).toBe("EUR");
    const programme = await t.db.resellerProgramme.findUniqueOrThrow({ where: { id: 1 } });
    expect(programme.paymentMode).toBe("credit");
    expect(programme.webhookMaxAttempts).toBe(20);
    expect(programme.enabled).toBe(true);
  });

  it("has the five categories, and no product priced on a cycle its category disables", async () => {
    const categories = await t.db.productCategory.findMany({ orderBy: { sortOrder: "asc" }, include: { products: { include: { prices: true } } } });
    expect(categories.map((c) => c.name)).toEqual(["VPS", "Dedicated servers", "Game servers", "Network", "Colocation"]);
    expect(categories.find((c) => c.slug === "dedicated")!.disabledCycles).toEqual(["hourly"]);
    expect(categories.find((c) => c.slug === "vps")!.disabledCycles).toEqual([]);
    for (const category of categories) {
      for (const product of category.products) {
        for (const price of product.prices) expect(category.disabledCycles).not.toContain(price.cycle);
      }
    }
  });

  it("sells three VPS plans on all five cycles except one unsold cycle, with specs and snapshots", async () => {
    const plans = await t.db.product.findMany({ where: { kind: "vps" }, include: { prices: true, category: true }, orderBy: { sortOrder: "asc" } });
    expect(plans).toHaveLength(3);
    const sold = plans.map((p) => p.prices.map((x) => x.cycle).sort());
    expect(sold.filter((cycles) => cycles.length === 5)).toHaveLength(2);
    const gap = plans.find((p) => p.prices.length === 4)!;
    expect(CYCLES.filter((c) => !gap.prices.some((x) => x.cycle === c))).toEqual(["semi_annually"]);
    for (const plan of plans) {
      expect(plan.category?.slug).toBe("vps");
      expect(plan.prices.every((x) => x.amount.greaterThan(0))).toBe(true);
      expect(plan.specs).toMatchObject({ cpu: expect.any(String), ram: expect.any(String), storage: expect.any(String) });
      expect(plan.snapshotLimit).toBeGreaterThan(0);
    }
  });

  it("links the VPS plans by upgrade paths that only go up", async () => {
    const paths = await t.db.productUpgradePath.findMany({
      include: { fromProduct: { include: { prices: true } }, toProduct: { include: { prices: true } } },
    });
    expect(paths.length).toBeGreaterThanOrEqual(2);
    const monthly = (p: { prices: { cycle: string; amount: Prisma.Decimal }[] }) => p.prices.find((x) => x.cycle === "monthly")!.amount;
    for (const p of paths) {
      expect([p.fromProduct.kind, p.toProduct.kind]).toEqual(["vps", "vps"]);
      expect(monthly(p.toProduct).greaterThan(monthly(p.fromProduct))).toBe(true);
    }
    const plans = await t.db.product.findMany({ where: { kind: "vps" }, include: { upgradesFrom: true } });
    expect(plans.filter((p) => p.upgradesFrom.length === 0)).toHaveLength(1);
  });

  it("sells two dedicated servers per datacentre, so a location is required", async () => {
    const servers = await t.db.product.findMany({ where: { kind: "dedicated" }, include: { locations: true, prices: true } });
    expect(servers).toHaveLength(2);
    for (const server of servers) {
      expect(server.locationRequired, server.slug).toBe(true);
      expect(server.locations.length).toBeGreaterThanOrEqual(2);
      expect(server.locations.every((l) => l.surchargeMonthly !== null)).toBe(true);
      expect(server.locations.every((l) => (l.capacity ?? 0) > 0)).toBe(true);
      expect(server.prices.some((p) => p.cycle === "hourly")).toBe(false);
      expect(server.setupFee?.greaterThan(0)).toBe(true);
    }
    const surcharges = servers.flatMap((s) => s.locations.map((l) => l.surchargeMonthly!));
    expect(surcharges.some((s) => s.greaterThan(0))).toBe(true);
    // VPS plans do not price datacentres: the location stays optional for them.
    const vpsLocations = await t.db.productLocation.findMany({ where: { product: { kind: "vps" } } });
    expect(vpsLocations.every((l) => l.surchargeMonthly === null)).toBe(true);
    expect(await t.db.product.count({ where: { kind: "vps", locationRequired: true } })).toBe(0);
  });

  it("requires a location exactly on the products that price their datacentres", async () => {
    const products = await t.db.product.findMany({ include: { locations: true } });
    for (const product of products) {
      const priced = product.locations.some((l) => l.surchargeMonthly !== null);
      expect(product.locationRequired, product.slug).toBe(priced);
    }
    expect(products.filter((p) => p.locationRequired).map((p) => p.slug).sort()).toEqual([
      "colo-1u",
      "ds-epyc-7443p",
      "ds-xeon-e2388g",
      "ip-transit-1g",
    ]);
  });

  it("has VAT rates for the demo countries, with Finland's change of rate", async () => {
    const rates = await t.db.vatRate.findMany({ orderBy: [{ countryCode: "asc" }, { effectiveFrom: "asc" }] });
    const latest = (country: string) => rates.filter((r) => r.countryCode === country).at(-1)!.ratePercent.toFixed(2);
    expect([latest("NL"), latest("DE"), latest("FI"), latest("GB")]).toEqual(["21.00", "19.00", "25.50", "20.00"]);
    expect(rates.filter((r) => r.countryCode === "FI").map((r) => [r.ratePercent.toFixed(2), r.effectiveFrom.toISOString().slice(0, 10)])).toEqual([
      ["24.00", "2021-01-01"],
      ["25.50", "2024-09-01"],
    ]);
  });

  it("has a game-server plan, an IP-transit product and a colocation product", async () => {
    for (const kind of ["game", "ip_transit", "colocation"] as const) {
      const products = await t.db.product.findMany({ where: { kind }, include: { prices: true, locations: true } });
      expect(products.length, kind).toBeGreaterThanOrEqual(1);
      expect(products[0]!.prices.some((p) => p.cycle === "monthly"), kind).toBe(true);
      expect(products[0]!.locations.length, kind).toBeGreaterThan(0);
    }
  });

  it("has three locations with country codes and flags, each selling products with capacity", async () => {
    const locations = await t.db.location.findMany({ orderBy: { sortOrder: "asc" }, include: { products: true } });
    expect(locations.map((l) => [l.value, l.name, l.countryCode, l.flag])).toEqual([
      ["ams1", "Amsterdam", "NL", "🇳🇱"],
      ["fra1", "Frankfurt", "DE", "🇩🇪"],
      ["hel1", "Helsinki", "FI", "🇫🇮"],
    ]);
    for (const location of locations) {
      expect(location.products.length).toBeGreaterThan(0);
      expect(location.products.every((p) => (p.capacity ?? 0) > 0)).toBe(true);
    }
    const unsold = await t.db.product.count({ where: { locations: { none: {} } } });
    expect(unsold).toBe(0);
  });

  it("has four OS images, each VPS and dedicated product offering some with exactly one default", async () => {
    const images = await t.db.osImage.findMany();
    expect(images.map((i) => i.slug).sort()).toEqual(["almalinux-9", "debian-12", "ubuntu-24-04", "windows-server-2022"]);
    expect(images.every((i) => i.orderable && i.enabled && i.version !== "")).toBe(true);
    expect(images.filter((i) => i.family === "windows")).toHaveLength(1);
    const products = await t.db.product.findMany({ where: { kind: { in: ["vps", "dedicated"] } }, include: { osImages: true } });
    expect(products).toHaveLength(5);
    for (const product of products) {
      expect(product.osImages.length, product.slug).toBeGreaterThanOrEqual(3);
      expect(product.osImages.filter((i) => i.isDefault), product.slug).toHaveLength(1);
    }
  });

  it("has recurring and one-time add-ons assigned to products, priced per cycle", async () => {
    const options = await t.db.productOption.findMany({ include: { prices: true, products: { include: { product: true } } } });
    const bySlug = Object.fromEntries(options.map((o) => [o.slug, o]));
    expect(Object.keys(bySlug)).toEqual(expect.arrayContaining(["extra-ipv4", "daily-backups", "extra-ram-32gb"]));
    for (const option of options) expect(option.products.length, option.slug).toBeGreaterThan(0);
    const recurring = options.filter((o) => o.pricingType === "recurring");
    const oneTime = options.filter((o) => o.pricingType === "one_time");
    expect(recurring.length).toBeGreaterThanOrEqual(1);
    expect(oneTime.length).toBeGreaterThanOrEqual(1);
    for (const o of recurring) expect(o.prices.map((p) => p.cycle), o.slug).toEqual(expect.arrayContaining(["monthly", "quarterly", "annually"]));
    for (const o of oneTime) {
      expect(o.oneTimePrice?.greaterThan(0)).toBe(true);
      expect(o.prices).toEqual([]);
    }
    expect(bySlug["extra-ipv4"]!.products.map((a) => a.product.kind)).toEqual(expect.arrayContaining(["vps", "dedicated"]));
    expect(bySlug["extra-ram-32gb"]!.products.every((a) => a.product.kind === "dedicated")).toBe(true);
    // An option's hourly price only where the products it serves are sold by the hour.
    expect(bySlug["extra-ram-32gb"]!.prices.some((p) => p.cycle === "hourly")).toBe(false);
  });

  it("has the tier ladder in order with rising thresholds and discounts, plus category and price-book entries", async () => {
    const tiers = await t.db.tier.findMany({ orderBy: { sortOrder: "asc" } });
    expect(tiers.map((x) => x.name)).toEqual(["Bronze", "Silver", "Gold", "Platinum"]);
    for (let i = 1; i < tiers.length; i++) {
      expect(tiers[i]!.minMonthlyRunRate.greaterThan(tiers[i - 1]!.minMonthlyRunRate)).toBe(true);
      expect(tiers[i]!.defaultDiscountPercent.greaterThan(tiers[i - 1]!.defaultDiscountPercent)).toBe(true);
    }
    expect(tiers[0]!.minMonthlyRunRate.equals(0)).toBe(true);
    expect(await t.db.tierCategoryDiscount.count()).toBeGreaterThanOrEqual(1);
    const book = await t.db.tierPrice.findMany({ include: { product: { include: { prices: true } } } });
    expect(book.length).toBeGreaterThanOrEqual(1);
    for (const entry of book) {
      const retail = entry.product.prices.find((p) => p.cycle === entry.cycle)!;
      expect(entry.amount.lessThan(retail.amount)).toBe(true);
    }
  });
});

describe("seedDemo: accounts", () => {
  it("creates the operator", async () => {
    const admin = await t.db.user.findUniqueOrThrow({ where: { email: "admin@rackfront.test" } });
    expect(admin.isOperator).toBe(true);
    expect(await t.db.user.count({ where: { isOperator: true } })).toBe(1);
  });

  it("gives the customer an account with a default project and a team member with realistic permissions", async () => {
    const account = await t.db.clientAccount.findFirstOrThrow({
      where: { owner: { email: "customer@rackfront.test" } },
      include: { projects: true, members: { include: { user: true } }, owner: true, resellerProfile: true },
    });
    expect(account.owner.isOperator).toBe(false);
    expect(account.resellerProfile).toBeNull();
    expect(account.projects.filter((p) => p.isDefault).map((p) => p.slug)).toEqual(["default"]);
    expect(account.members).toHaveLength(1);
    const member = account.members[0]!;
    expect(member.userId).not.toBe(account.ownerId);
    expect(member.permissions).toEqual(expect.arrayContaining(["services.view", "services.power", "invoices.view"]));
    expect(member.permissions).not.toContain("invoices.pay");
  });

  it("gives the customer one unpaid invoice to try paying from credit, without touching the credit", async () => {
    const account = await t.db.clientAccount.findFirstOrThrow({
      where: { owner: { email: "customer@rackfront.test" } },
      include: { invoices: { include: { items: true } } },
    });
    expect(account.invoices).toHaveLength(1);
    const invoice = account.invoices[0]!;
    expect(invoice).toMatchObject({ status: "unpaid", currency: "EUR" });
    expect(invoice.number).toMatch(/^INV-\d{4}-000001$/);
    expect([invoice.subtotal, invoice.vatAmount, invoice.total, invoice.paidAmount].map((x) => x.toFixed(2))).toEqual(["10.00", "2.10", "12.10", "0.00"]);
    expect(invoice.items).toHaveLength(2);
    expect(account.creditBalance.toFixed(2)).toBe("250.00");
  });

  it("gives the reseller an approved active profile on a tier, credit, a saved test card and a default project", async () => {
    const account = await t.db.clientAccount.findFirstOrThrow({
      where: { owner: { email: "reseller@rackfront.test" } },
      include: { projects: true, paymentMethods: true, resellerProfile: { include: { tier: true } } },
    });
    const profile = account.resellerProfile!;
    expect(profile.status).toBe("active");
    expect(profile.approvedAt).toBeInstanceOf(Date);
    expect(profile.tier?.name).toBe("Bronze");
    expect(profile.defaultDiscountPercent.greaterThan(0)).toBe(true);
    expect(profile.signingSecret).not.toMatch(/^[0-9a-f]{64}$/);
    expect(account.projects.filter((p) => p.isDefault).map((p) => p.slug)).toEqual(["default"]);
    expect(account.paymentMethods).toHaveLength(1);
    expect(account.paymentMethods[0]).toMatchObject({ gateway: "test", type: "card", cardBrand: "visa", cardLastFour: "4242", isDefault: true });
    expect(account.paymentMethods[0]!.gatewayToken.length).toBeGreaterThan(8);
  });
});

describe("seedDemo: randomness and guards", () => {
  it("generates different passwords, keys and secrets for another database", async () => {
    const other = await createTestDb({ install: false });
    const otherDir = mkdtempSync(path.join(tmpdir(), "rf-seed-"));
    try {
      expect(await seedDemo(other.db, { baseUrl: BASE_URL, dataDir: otherDir })).toEqual({ seeded: true });
      const again = JSON.parse(readFileSync(path.join(otherDir, "demo-credentials.json"), "utf8")) as DemoCredentials;
      for (const [a, b] of [
        [creds.admin.password, again.admin.password],
        [creds.customer.password, again.customer.password],
        [creds.reseller.password, again.reseller.password],
        [creds.customer.apiKey, again.customer.apiKey],
        [creds.reseller.apiKey, again.reseller.apiKey],
        [creds.reseller.signingSecret, again.reseller.signingSecret],
      ]) {
        expect(a).not.toBe(b);
      }
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("does not seed a database that already has a user, and writes no file", async () => {
    const other = await createTestDb({ install: false });
    const otherDir = mkdtempSync(path.join(tmpdir(), "rf-seed-"));
    try {
      await other.db.user.create({ data: { email: "someone@example.test", name: "Someone", passwordHash: "x" } });
      expect(await seedDemo(other.db, { baseUrl: BASE_URL, dataDir: otherDir })).toEqual({ seeded: false });
      expect(await other.db.product.count()).toBe(0);
      expect(() => statSync(path.join(otherDir, "demo-credentials.json"))).toThrow();
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe("the demo VPS", () => {
  it("is an active VPS S of the demo customer in Amsterdam, with a running machine and an address", async () => {
    const service = await t.db.service.findFirstOrThrow({ where: { hostname: "demo-web-1.example.com" }, include: { account: { include: { owner: true } }, product: true, location: true } });
    expect(service).toMatchObject({ status: "active", product: { slug: "vps-s" }, location: { value: "ams1" }, account: { owner: { email: creds.customer.email } } });
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id } });
    expect(vm).toMatchObject({ state: "running", osInstallStatus: "completed" });
    expect(await t.db.ipAddress.count({ where: { vmId: vm.id } })).toBe(1);
    expect(first.seeded).toBe(true);
  });

  it("has an installed dedicated server beside it (Xeon in Amsterdam), out of Amsterdam's stock", async () => {
    const service = await t.db.service.findFirstOrThrow({ where: { hostname: "demo-metal-1.example.com" }, include: { account: { include: { owner: true } }, product: true, location: true } });
    expect(service).toMatchObject({ status: "active", product: { slug: "ds-xeon-e2388g" }, location: { value: "ams1" }, account: { owner: { email: creds.customer.email } } });
    const server = await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: service.id } });
    expect(server).toMatchObject({ provisionState: "active", powerState: "on", hostname: "demo-metal-1.example.com" });
    expect(await t.db.ipAddress.count({ where: { serverId: server.id } })).toBeGreaterThanOrEqual(1);
  });
});

describe("demo usage history", () => {
  it("gives the demo VPS and dedicated server a day of five-minute samples from the simulators, the VPS with its guest figures", async () => {
    for (const hostname of ["demo-web-1.example.com", "demo-metal-1.example.com"]) {
      const service = await t.db.service.findFirstOrThrow({ where: { hostname } });
      const samples = await t.db.machineSample.findMany({ where: { serviceId: service.id }, orderBy: { at: "asc" } });
      expect(samples.length).toBeGreaterThanOrEqual(288);
      expect(samples.slice(1).every((s) => s.seconds === 300 && s.rxBytes > 0n && s.txBytes > 0n)).toBe(true);
      expect(samples.at(-1)!.at.getTime() - samples[0]!.at.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000 - 300_000);
      if (hostname.startsWith("demo-web")) expect(samples.every((s) => s.cpuPct !== null && s.memPct !== null)).toBe(true);
    }
  });
});
