import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { sizeFromSpecs } from "@/lib/backends/capacity/sizes";
import { quoteOrder } from "@/lib/pricing/quote-order";
import { makeCustomer, makeLocation } from "@/lib/testing/factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { loadCatalogue } from "../catalogue";
import { createLocation, updateLocation } from "./save-location";
import { createOption } from "./save-option";
import { createOsImage } from "./save-os-image";
import { createProduct, updateProduct, type ProductInput } from "./save-product";
import { setProductLocation } from "./set-product-location";
import { setProductOption } from "./set-product-option";
import { setProductOsImage } from "./set-product-os-image";

let t: TestDb;
let accountId: string;
const AT = new Date("2030-01-01T00:00:00Z");
const operator = (): OperatorContext<Db> => ({ db: t.db, now: AT, actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });

beforeAll(async () => {
  t = await createTestDb();
  accountId = (await makeCustomer(t.db)).account.id;
});
afterAll(async () => t?.close());

let n = 0;
/** The form as the console posts it: every field text, unchecked boxes absent. */
function form(overrides: Record<string, string | undefined> = {}): ProductInput {
  n += 1;
  return {
    name: `Plan ${n}`,
    slug: `admin-plan-${n}`,
    categoryId: "",
    kind: "generic",
    description: "",
    specs: "",
    setupFee: "",
    enabled: "on",
    snapshotLimit: "0",
    sortOrder: "0",
    price_monthly: "10.00",
    price_quarterly: "",
    price_semi_annually: "",
    price_annually: "",
    price_hourly: "",
    ...overrides,
  } as ProductInput;
}

const customer = () => ({ kind: "customer", accountId }) as const;

describe("products", () => {
  it("stores a blank cycle as no price row (not sold), never 0", async () => {
    const product = await createProduct(operator(), form({ price_quarterly: "", price_annually: "0" }));
    const rows = await t.db.productPrice.findMany({ where: { productId: product.id } });
    expect(rows.map((r) => [r.cycle, r.amount.toFixed(2)]).sort()).toEqual([
      ["annually", "0.00"],
      ["monthly", "10.00"],
    ]);
    const err = await domainRefusal(quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "quarterly" }], at: AT }));
    expect(err.message).toBe("Product is not sold on the 'quarterly' billing cycle");
    // The deliberate 0 is a free annual cycle.
    const free = await quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "annually" }], at: AT });
    expect(free.lines[0]!.unitPrice.toFixed(2)).toBe("0.00");
    expect(product.setupFee).toBeNull();
  });

  it("a changed price is what the next quote charges; blanking it stops the cycle", async () => {
    const product = await createProduct(operator(), form({ price_monthly: "10.00" }));
    const before = await quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "monthly" }], at: AT });
    expect(before.lines[0]!.unitPrice.toFixed(4)).toBe("10.0000");

    await updateProduct(operator(), { productId: product.id, product: form({ slug: product.slug, price_monthly: "12.3456", setupFee: "5" }) });
    const after = await quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "monthly" }], at: AT });
    // A stored price with more places than the cent is quoted as money: rounded once (docs/decisions.md).
    expect(after.lines[0]!.unitPrice.toFixed(4)).toBe("12.3500");
    expect(after.lines[0]!.setupFee.toFixed(2)).toBe("5.00");

    // The catalogue reads the same rows: what the product pages show is what the quote charges.
    const { entries } = await loadCatalogue({ db: t.db, now: AT, actor: customer() }, { ids: [product.id] });
    expect(entries[0]!.sheet.cycles.monthly!.amount.toFixed(4)).toBe("12.3500");
    expect(entries[0]!.sheet.cycles.quarterly).toBeUndefined();

    await updateProduct(operator(), { productId: product.id, product: form({ slug: product.slug, price_monthly: "", price_hourly: "0.02" }) });
    const err = await domainRefusal(quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "monthly" }], at: AT }));
    expect(err.message).toBe("Product is not sold on the 'monthly' billing cycle");
  });

  it("the IPv6 checkbox of a VPS product is specs.ipv6, which the plan's size reads; other kinds refuse it", async () => {
    const specs = JSON.stringify({ vcpus: 2, memoryMb: 2048, diskGb: 40, ipv6: 4 });
    const product = await createProduct(operator(), form({ kind: "vps", specs, ipv6: "on" }));
    expect(product.specs).toEqual({ vcpus: 2, memoryMb: 2048, diskGb: 40, ipv6: true });
    expect(sizeFromSpecs(product.specs)).toMatchObject({ ipv4: 1, ipv6: 1 });
    // Unticked: the key goes, whatever the JSON said.
    const updated = await updateProduct(operator(), { productId: product.id, product: form({ slug: product.slug, kind: "vps", specs }) });
    expect(updated.specs).toEqual({ vcpus: 2, memoryMb: 2048, diskGb: 40 });
    expect(sizeFromSpecs(updated.specs)).toMatchObject({ ipv6: 0 });
    const refused = await domainRefusal(createProduct(operator(), form({ kind: "dedicated", ipv6: "on" })));
    expect(refused.details).toEqual([{ field: "ipv6", message: "IPv6 is an option of VPS products." }]);
  });

  it("refuses bad figures field by field, and a taken slug", async () => {
    const bad = await domainRefusal(createProduct(operator(), form({ price_monthly: "12.345678", name: "", specs: "[1]" })));
    expect(bad.kind).toBe("invalid");
    expect(Object.fromEntries(bad.details!.map((d) => [d.field, d.message]))).toMatchObject({
      price_monthly: expect.stringContaining("4 decimal places"),
      name: "Enter the product name.",
      specs: expect.stringContaining("JSON object"),
    });

    const first = await createProduct(operator(), form());
    const dup = await domainRefusal(createProduct(operator(), form({ slug: first.slug })));
    expect(dup.kind).toBe("conflict");
    expect(dup.details).toEqual([{ field: "slug", message: `Another product already uses the slug “${first.slug}”. Pick a different one.` }]);
  });

  it("disabling a product takes it off the catalogue and quotes", async () => {
    const product = await createProduct(operator(), form());
    await updateProduct(operator(), { productId: product.id, product: form({ slug: product.slug, enabled: undefined }) });
    const err = await domainRefusal(quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "monthly" }], at: AT }));
    expect(err.message).toBe("Product not found");
  });
});

describe("locations", () => {
  const loc = (o: Record<string, string> = {}) => ({ name: "Amsterdam 9", value: "ams9", countryCode: "nl", flag: "", enabled: "on", sortOrder: "0", ...o });

  it("creates a location with the country's flag and refuses a duplicate value code with a clear error", async () => {
    const created = await createLocation(operator(), loc());
    expect(created).toMatchObject({ value: "ams9", countryCode: "NL", flag: "🇳🇱", enabled: true });

    const dup = await domainRefusal(createLocation(operator(), loc({ name: "Another" })));
    expect(dup.kind).toBe("conflict");
    expect(dup.details![0]).toEqual({
      field: "value",
      message: "The value code “ams9” is already used by another location. Orders name a location by this code, so it must be unique.",
    });

    const other = await createLocation(operator(), loc({ value: "ams10" }));
    const renamed = await domainRefusal(updateLocation(operator(), { locationId: other.id, location: loc({ value: "AMS9" }) }));
    expect(renamed.details![0]!.field).toBe("value");

    const bad = await domainRefusal(createLocation(operator(), loc({ value: "ams 1", countryCode: "NLD" })));
    expect(bad.details!.map((d) => d.field).sort()).toEqual(["countryCode", "value"]);
  });

  it("a product's location surcharge is what the quote adds", async () => {
    const product = await createProduct(operator(), form({ locationRequired: "on" }));
    const location = await makeLocation(t.db);
    await setProductLocation(operator(), { productId: product.id, location: { locationId: location.id, surchargeMonthly: "2.50", surchargeSetup: "", capacity: "", enabled: "on" } });
    const row = await t.db.productLocation.findUniqueOrThrow({ where: { productId_locationId: { productId: product.id, locationId: location.id } } });
    expect(row.surchargeSetup).toBeNull();
    expect(row.capacity).toBeNull();
    const quote = await quoteOrder(t.db, {
      buyer: customer(),
      items: [{ productId: product.id, billingCycle: "monthly", location: location.value }],
      at: AT,
    });
    expect(quote.lines[0]!.serviceAmount.toFixed(2)).toBe("12.50");
  });
});

describe("options and OS images", () => {
  it("an assigned option is quoted at its price; a one-time option needs its price", async () => {
    const noPrice = await domainRefusal(
      createOption(operator(), { name: "Setup help", slug: "setup-help", description: "", pricingType: "one_time", oneTimePrice: "", setupFee: "", maxQuantity: "", active: "on" }),
    );
    expect(noPrice.details).toEqual([{ field: "oneTimePrice", message: "A one-time option needs its one-time price." }]);

    const option = await createOption(operator(), {
      name: "Backups",
      slug: "admin-backups",
      description: "",
      pricingType: "recurring",
      price_monthly: "3.00",
      maxQuantity: "2",
      setupFee: "",
      oneTimePrice: "",
      active: "on",
    });
    const product = await createProduct(operator(), form());
    await setProductOption(operator(), { productId: product.id, assignment: { optionId: option.id, active: "on" } });
    const quote = await quoteOrder(t.db, {
      buyer: customer(),
      items: [{ productId: product.id, billingCycle: "monthly", options: [{ optionId: option.id, quantity: 2 }] }],
      at: AT,
    });
    expect(quote.lines[0]!.options[0]!.recurringAmount.toFixed(2)).toBe("6.00");
  });

  it("one default OS image per product", async () => {
    const product = await createProduct(operator(), form({ kind: "vps" }));
    const base = { family: "linux", distro: "debian", version: "12", logoUrl: "", orderable: "on", enabled: "on" };
    const a = await createOsImage(operator(), { ...base, name: "Debian 12", slug: "admin-debian-12" });
    const b = await createOsImage(operator(), { ...base, name: "Debian 13", slug: "admin-debian-13", version: "13" });
    await setProductOsImage(operator(), { productId: product.id, link: { osImageId: a.id, isDefault: "on" } });
    await setProductOsImage(operator(), { productId: product.id, link: { osImageId: b.id, isDefault: "on" } });
    const links = await t.db.productOsImage.findMany({ where: { productId: product.id }, orderBy: { osImageId: "asc" } });
    expect(links.filter((l) => l.isDefault).map((l) => l.osImageId)).toEqual([b.id]);
  });
});

describe("categories", () => {
  it("a cycle disabled in the category is not sold at retail, and re-enabling sells it again", async () => {
    const { saveCategory } = await import("./save-category");
    const category = await saveCategory(operator(), { categoryId: null, category: { name: "Hosting", slug: "admin-hosting", sortOrder: "0", disabled_hourly: "on" } });
    expect(category.disabledCycles).toEqual(["hourly"]);
    const product = await createProduct(operator(), form({ categoryId: category.id, price_hourly: "0.02" }));
    const hourly = () => quoteOrder(t.db, { buyer: customer(), items: [{ productId: product.id, billingCycle: "hourly" }], at: AT });
    expect((await domainRefusal(hourly())).message).toBe("Product is not sold on the 'hourly' billing cycle");
    await saveCategory(operator(), { categoryId: category.id, category: { name: "Hosting", slug: "admin-hosting", sortOrder: "0" } });
    expect((await hourly()).lines[0]!.unitPrice.toFixed(2)).toBe("0.02");
    const dup = await domainRefusal(saveCategory(operator(), { categoryId: null, category: { name: "Again", slug: "admin-hosting", sortOrder: "0" } }));
    expect(dup.details![0]!.field).toBe("slug");
  });
});
