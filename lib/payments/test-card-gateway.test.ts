import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { chargeSafely, defaultGatewayResolver, type PaymentGateway } from "./payment-gateway";
import { DECLINED_REASON, GATEWAY_ERROR_REASON, INSUFFICIENT_FUNDS_REASON, TEST_CARDS, testCardGateway, testCardToken } from "./test-card-gateway";

const charge = (token: string, cardLastFour: string | null = null, reference = "order-1:pay-1") =>
  testCardGateway.charge({ token, cardLastFour, amount: new Prisma.Decimal("12.50"), currency: "EUR", reference, description: "test" });

describe("test card gateway", () => {
  it("decides by the card number in the token", async () => {
    expect(await charge(testCardToken(TEST_CARDS.success))).toEqual({ ok: true, gatewayReference: expect.stringMatching(/^test_ch_[0-9a-f]{24}$/) });
    expect(await charge(testCardToken(TEST_CARDS.declined))).toMatchObject({ ok: false, code: "declined", reason: DECLINED_REASON });
    expect(await charge(testCardToken(TEST_CARDS.insufficientFunds))).toMatchObject({ ok: false, code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON });
    expect(await charge(testCardToken(TEST_CARDS.gatewayError))).toEqual({ ok: false, code: "error", reason: GATEWAY_ERROR_REASON, gatewayReference: null });
    expect((await charge(testCardToken("5555 5555 5555 4444"))).ok).toBe(true);
  });

  it("falls back to the stored last four for opaque tokens", async () => {
    expect(await charge("tok_opaque", "0002")).toMatchObject({ ok: false, code: "declined" });
    expect((await charge("tok_opaque", "4242")).ok).toBe(true);
  });

  it("gives one attempt the same reference every time, another attempt another", async () => {
    const a = await charge(testCardToken(TEST_CARDS.success), null, "o:1");
    const b = await charge(testCardToken(TEST_CARDS.success), null, "o:1");
    const c = await charge(testCardToken(TEST_CARDS.success), null, "o:2");
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("is registered under 'test'; a gateway that throws is a failed charge, not an exception", async () => {
    expect(defaultGatewayResolver("test")).toBe(testCardGateway);
    expect(defaultGatewayResolver("stripe")).toBeNull();
    const broken: PaymentGateway = {
      name: "broken",
      charge: async () => {
        throw new Error("socket hang up");
      },
      lookup: async () => ({ status: "not_found" }),
    };
    const outcome = await chargeSafely(broken, { token: "x", cardLastFour: null, amount: new Prisma.Decimal(1), currency: "EUR", reference: "r", description: "d" });
    expect(outcome).toEqual({ ok: false, code: "error", reason: GATEWAY_ERROR_REASON, gatewayReference: null });
  });

  it("looks a charge up by its reference: the outcome it had, or not_found when it never reached the gateway", async () => {
    const lookup = (reference: string) => testCardGateway.lookup({ reference, token: "x", cardLastFour: null });
    const ok = await charge(testCardToken(TEST_CARDS.success), null, "lookup:1");
    await charge(testCardToken(TEST_CARDS.declined), null, "lookup:2");
    await charge(testCardToken(TEST_CARDS.gatewayError), null, "lookup:3");
    expect(await lookup("lookup:1")).toEqual({ status: "succeeded", gatewayReference: ok.gatewayReference });
    expect(await lookup("lookup:2")).toMatchObject({ status: "failed", code: "declined", reason: DECLINED_REASON });
    expect(await lookup("lookup:3")).toEqual({ status: "not_found" });
    expect(await lookup("lookup:never")).toEqual({ status: "not_found" });
  });
});
