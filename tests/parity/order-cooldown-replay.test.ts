import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";
import { customerRequest, customerWithKey, readJson } from "@/lib/api/testing/api-test-kit";
import { COOLDOWN_BUCKETS } from "@/lib/cooldowns/cooldown-buckets";
import { makeVpsSite } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// docs/decisions.md#r14: the order cool-down (30 per 15 minutes, shared by the panel and POST /orders)
// is neither spent nor in the way of a replay: a second submit of the panel's order form (its key
// already placed an order) and an API call with a used idempotency key are answered with that order
// when the bucket is full, and a new order is refused in both, with the same sentence.

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let t: TestDb;
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const api = async (body: unknown) => readJson(await dispatchCustomerApi(customerRequest("POST", "/orders", { key: me.plaintext, body }), { db: t.db }));

/** The panel's "Place order" with the form's idempotency key: the redirect a placed (or replayed) order ends in, or the refusal. */
async function panelOrder(formKey: string): Promise<{ redirect: string } | { refused: string | undefined }> {
  const { placeOrderAction } = await import("@/app/(panel)/order/actions");
  const form = new FormData();
  const fields = { productId: site.product.id, billingCycle: "monthly", location: site.location.value, hostname: "replay.example.com", osImageId: site.debian.id, idempotencyKey: formKey };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  try {
    const state = await placeOrderAction(null, form);
    return { refused: state?.ok === false ? state.error : undefined };
  } catch (error) {
    // next/navigation's redirect() throws; its digest is "NEXT_REDIRECT;<type>;<url>;<status>;".
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT;")) throw error;
    return { redirect: digest.split(";")[2]! };
  }
}

const uses = () => t.db.actionCooldownUse.count({ where: { userId: me.owner.id, bucket: "orders" } });

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db, { credit: "500.00" });
  site = await makeVpsSite(t.db);
  session.userId = me.owner.id;
});
afterAll(async () => {
  await t?.close();
});

describe("order cool-down and replays, panel and API alike", () => {
  it("a replay of a used key is answered past a full bucket and spends nothing; a new order is refused in both", async () => {
    const formKey = randomUUID();
    const placed = await panelOrder(formKey);
    expect(placed).toMatchObject({ redirect: expect.stringMatching(/^\/billing\/(invoices|proformas)\/[0-9a-f-]{36}\?ordered=/) });
    const apiFirst = await api({ productId: site.product.id, billingCycle: "monthly", location: site.location.value, hostname: "api.example.com", configOptions: { os_image_id: site.debian.id }, idempotencyKey: "api-1" });
    expect(apiFirst.status).toBe(201);
    expect(await uses()).toBe(2);

    // A double submit before the bucket is full: the same order, nothing spent.
    expect(await panelOrder(formKey)).toEqual(placed);
    expect(await uses()).toBe(2);

    // Fill the rest of the bucket (the panel's clock is the real one).
    const now = new Date();
    const { max, windowSeconds } = COOLDOWN_BUCKETS.orders;
    await t.db.actionCooldownUse.createMany({
      data: Array.from({ length: max - 2 }, () => ({ bucket: "orders", userId: me.owner.id, resourceId: "", usedAt: now, expiresAt: new Date(now.getTime() + windowSeconds * 1000) })),
    });

    const refused = await panelOrder(randomUUID());
    expect(refused).toEqual({ refused: expect.stringMatching(/^Too many orders on this resource \(30 per 15 minutes\); try again in \d+ seconds$/) });
    const apiRefused = await api({ productId: site.product.id, billingCycle: "monthly", location: site.location.value, hostname: "api.example.com", configOptions: { os_image_id: site.debian.id }, idempotencyKey: "api-2" });
    expect(apiRefused).toMatchObject({ status: 429, body: { code: "ACTION_RATE_LIMITED" } });

    expect(await panelOrder(formKey)).toEqual(placed);
    const apiReplay = await api({ productId: site.product.id, billingCycle: "monthly", idempotencyKey: "api-1" });
    expect(apiReplay).toMatchObject({ status: 200, body: { data: { idempotent: true, order: { id: (apiFirst.body.data as { order: { id: string } }).order.id } } } });
    // The panel's key is an idempotency key of the account like any other: the API replays that order too.
    const panelOrderId = (await t.db.order.findFirstOrThrow({ where: { accountId: me.account.id, idempotencyKey: { startsWith: "panel-" } } })).id;
    expect(await api({ productId: site.product.id, billingCycle: "monthly", idempotencyKey: `panel-${formKey}` })).toMatchObject({ status: 200, body: { data: { idempotent: true, order: { id: panelOrderId } } } });

    expect(await uses()).toBe(max);
    expect(await t.db.order.count({ where: { accountId: me.account.id } })).toBe(2);
  });
});
