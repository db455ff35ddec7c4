import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { DEMO_CUSTOMER_EMAIL } from "@/prisma/seed/seed-customer";
import { seedDemo } from "@/prisma/seed/seed-demo";
import { ZPanelOrderSchema, optionFieldName, panelOrderFieldsFromForm, parsePanelOrderForm, type TPanelOrderInput } from "./panel-order-schema";
import { reviewPanelOrder } from "./review-panel-order";

let t: TestDb;
let dataDir: string;
let accountId: string;
let product: Record<string, string>;
let option: Record<string, string>;
let imageId: string;
let sshKeyId: string;
const AT = new Date("2030-01-01T00:00:00Z");
const ctx = () => ({ db: t.db, now: AT, actor: { accountId } });

beforeAll(async () => {
  t = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-review-"));
  await seedDemo(t.db, { baseUrl: "http://localhost:3000", dataDir });
  product = Object.fromEntries((await t.db.product.findMany()).map((p) => [p.slug, p.id]));
  option = Object.fromEntries((await t.db.productOption.findMany()).map((o) => [o.slug, o.id]));
  accountId = (await t.db.clientAccount.findFirstOrThrow({ where: { owner: { email: DEMO_CUSTOMER_EMAIL } } })).id;
  imageId = (await t.db.productOsImage.findFirstOrThrow({ where: { productId: product["vps-m"]!, osImage: { orderable: true, enabled: true } } })).osImageId;
  sshKeyId = (await t.db.sshKey.create({ data: { accountId, name: "laptop", publicKey: "ssh-ed25519 AAAA test", fingerprint: "SHA256:test", type: "ed25519" } })).id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function input(over: Partial<TPanelOrderInput> = {}): TPanelOrderInput {
  return {
    productId: product["vps-m"]!,
    billingCycle: "monthly",
    location: "ams1",
    osImageId: imageId,
    hostname: "web1.example.com",
    options: [],
    sshKeyIds: [],
    ...over,
  };
}

describe("reviewPanelOrder", () => {
  it("prices the configuration with quoteOrder: VPS M, two extra IPv4, backups, migration → 98.90 + 21 % VAT", async () => {
    const result = await reviewPanelOrder(
      ctx(),
      input({
        options: [
          { optionId: option["extra-ipv4"]!, quantity: 2 },
          { optionId: option["daily-backups"]!, quantity: 1 },
          { optionId: option["assisted-migration"]!, quantity: 1 },
        ],
        sshKeyIds: [sshKeyId],
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
    const r = result.review;
    expect([r.amount, r.vatRate, r.vat, r.total, r.currency, r.vatCountry]).toEqual(["98.90", "21", "20.77", "119.67", "EUR", "NL"]);
    expect([r.rule, r.ruleText, r.cycleLabel, r.location?.name, r.hostname]).toEqual(["retail", "Retail price", "Monthly", "Amsterdam", "web1.example.com"]);
    expect(r.rows.map((row) => row.label)).toEqual(["VPS M", "Additional IPv4 address × 2", "Automated daily backups", "Assisted migration"]);
    expect([r.recurringTotal, r.oneOffTotal]).toEqual(["19.9", "79"]);
    expect(r.sshKeys).toEqual([{ id: sshKeyId, name: "laptop" }]);
    expect(result.quote.lines[0]!.subtotal.toFixed(2)).toBe(r.amount);
  });

  it("a location surcharge and setup fee are rows of their own (EPYC annually in ams1: 3121 + 15 × 12, setup 99 + 50)", async () => {
    const result = await reviewPanelOrder(ctx(), input({ productId: product["ds-epyc-7443p"]!, billingCycle: "annually", osImageId: null, hostname: null }));
    if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
    const loc = result.review.rows.find((row) => row.key === "location")!;
    expect([loc.recurring, loc.oneOff]).toEqual(["180", "50"]);
    expect(result.review.amount).toBe("3450.00");
  });

  it("refuses field by field: missing image and hostname on a VPS, a foreign SSH key, an unsold cycle", async () => {
    const other = await makeCustomer(t.db);
    const foreignKey = await t.db.sshKey.create({ data: { accountId: other.account.id, name: "x", publicKey: "ssh-ed25519 B", fingerprint: "f", type: "ed25519" } });
    const result = await reviewPanelOrder(
      ctx(),
      input({ productId: product["vps-s"]!, billingCycle: "semi-annually", osImageId: null, hostname: null, sshKeyIds: [foreignKey.id] }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      osImageId: "Pick an operating system image.",
      hostname: "Enter a hostname for the server, e.g. web1.example.com.",
      sshKeyIds: "One of the SSH keys is no longer on your account. Reload the page.",
      billingCycle: "Product is not sold on the 'semi-annually' billing cycle",
    });
  });

  it("the pricing refusals land on their field: datacentre required, location not sold, option over its maximum", async () => {
    const server = await reviewPanelOrder(ctx(), input({ productId: product["ds-xeon-e2388g"]!, location: null, osImageId: null, hostname: null }));
    expect(server).toEqual({ ok: false, fieldErrors: { location: "A datacentre must be selected" } });
    const elsewhere = await reviewPanelOrder(ctx(), input({ productId: product["ds-epyc-7443p"]!, location: "hel1", osImageId: null }));
    expect(elsewhere.ok === false && elsewhere.fieldErrors.location).toMatch(/^Location 'hel1' is not available for this product/);
    const many = await reviewPanelOrder(ctx(), input({ options: [{ optionId: option["extra-ipv4"]!, quantity: 99 }] }));
    expect(many.ok === false && many.fieldErrors[optionFieldName(option["extra-ipv4"]!)]).toMatch(/allows at most \d+ per service$/);
  });

  it("an add-on's refusal lands on that add-on, the second one's on the second", async () => {
    const backups = optionFieldName(option["daily-backups"]!);
    const ipv4 = optionFieldName(option["extra-ipv4"]!);
    const second = await reviewPanelOrder(
      ctx(),
      input({ options: [{ optionId: option["daily-backups"]!, quantity: 1 }, { optionId: option["extra-ipv4"]!, quantity: 99 }] }),
    );
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(Object.keys(second.fieldErrors)).toEqual([ipv4]);
    expect(second.fieldErrors[ipv4]).toMatch(/^Option '.+' allows at most \d+ per service$/);
    expect(second.fieldErrors[backups]).toBeUndefined();

    // An add-on the product does not offer (a dedicated server's RAM on a VPS) is refused on its own field.
    const ram = await t.db.productOption.findFirstOrThrow({ where: { name: { startsWith: "Additional 32 GB" } } });
    const foreign = await reviewPanelOrder(
      ctx(),
      input({ options: [{ optionId: option["daily-backups"]!, quantity: 1 }, { optionId: ram.id, quantity: 1 }] }),
    );
    expect(foreign).toEqual({ ok: false, fieldErrors: { [optionFieldName(ram.id)]: "This add-on is not available for this product." } });
  });

  it("refuses the demo's IP transit and colocation on the form: no backend builds them yet", async () => {
    for (const [slug, location, sentence] of [
      ["ip-transit-1g", "ams1", "IP transit products cannot be ordered yet: no backend builds them"],
      ["colo-1u", "fra1", "Colocation products cannot be ordered yet: no backend builds them"],
    ] as const) {
      const result = await reviewPanelOrder(ctx(), input({ productId: product[slug]!, location, osImageId: null, hostname: null }));
      expect(result, slug).toEqual({ ok: false, fieldErrors: { form: sentence } });
    }
  });

  it("prices the demo's game server: game nodes build it, so the form is not refused", async () => {
    const result = await reviewPanelOrder(ctx(), input({ productId: product["game-minecraft-8gb"]!, location: "fra1", osImageId: null, hostname: null }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.review.productName, result.review.amount, result.review.total]).toEqual(["Minecraft Java 8 GB", "14.90", "18.03"]);
  });

  it("an unknown product is 404, as in the API", async () => {
    await expect(reviewPanelOrder(ctx(), input({ productId: "00000000-0000-4000-8000-000000000000" }))).rejects.toThrow(DomainError);
  });
});

describe("ZPanelOrderSchema", () => {
  function form(fields: [string, string][]): FormData {
    const f = new FormData();
    for (const [k, v] of fields) f.append(k, v);
    return f;
  }

  it("reads the form: add-on quantities by field name (0 = left out), SSH keys repeated, empty text as null", () => {
    const id = "11111111-1111-4111-8111-111111111111";
    const parsed = ZPanelOrderSchema.parse(
      panelOrderFieldsFromForm(
        form([
          ["productId", id],
          ["billingCycle", "semi-annually"],
          ["location", ""],
          ["osImageId", ""],
          ["hostname", "  db-2.example.org "],
          [`option:${id}`, "3"],
          ["option:22222222-2222-4222-8222-222222222222", "0"],
          ["sshKeyIds", id],
        ]),
      ),
    );
    expect(parsed).toEqual({
      productId: id,
      billingCycle: "semi-annually",
      location: null,
      osImageId: null,
      hostname: "db-2.example.org",
      options: [{ optionId: id, quantity: 3 }],
      sshKeyIds: [id],
    });
  });

  it("refuses -2, 1.5 or 101 on the add-on it was typed into, never on another", () => {
    const [first, second] = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    const parse = (a: string, b: string) =>
      parsePanelOrderForm(
        form([
          ["productId", first],
          ["billingCycle", "monthly"],
          [`option:${first}`, a],
          [`option:${second}`, b],
        ]),
      );
    expect(parse("1", "-2")).toEqual({ ok: false, fieldErrors: { [`option:${second}`]: "Enter 0 or more." } });
    expect(parse("-2", "1")).toEqual({ ok: false, fieldErrors: { [`option:${first}`]: "Enter 0 or more." } });
    expect(parse("1.5", "101")).toEqual({ ok: false, fieldErrors: { [`option:${first}`]: "Enter a whole number.", [`option:${second}`]: "At most 100." } });
    expect(parse("abc", "0")).toEqual({ ok: false, fieldErrors: { [`option:${first}`]: "Enter a whole number." } });
    // 0 (or an emptied field) leaves the add-on out: it is not ordered, and not an error.
    const none = parse("0", "");
    expect(none.ok && none.input.options).toEqual([]);
  });

  it("says what is wrong with a bad hostname, cycle or quantity", () => {
    const result = ZPanelOrderSchema.safeParse(
      panelOrderFieldsFromForm(
        form([
          ["productId", "00000000-0000-4000-8000-000000000000"],
          ["billingCycle", "weekly"],
          ["hostname", "-bad-.example"],
          ["option:00000000-0000-4000-8000-000000000000", "1.5"],
        ]),
      ),
    );
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(["billingCycle", "hostname", "options"]));
  });
});
