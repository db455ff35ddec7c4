import { describe, expect, it } from "vitest";
import { activeCardGateway, cardGatewayByName } from "./card-gateways";
import { testCardGateway } from "./test-card-gateway";

describe("card gateways by configuration", () => {
  it("without Stripe: the test gateway only, and it is the active one", () => {
    expect(cardGatewayByName("test", {})).toBe(testCardGateway);
    expect(cardGatewayByName("stripe", {})).toBeNull();
    expect(activeCardGateway({})).toBe(testCardGateway);
  });

  it("with a Stripe test key: Stripe is active, test cards keep working", () => {
    const env = { STRIPE_SECRET_KEY: "sk_test_abc" };
    expect(activeCardGateway(env).name).toBe("stripe");
    expect(activeCardGateway(env).testMode).toBe(true);
    expect(cardGatewayByName("test", env)).toBe(testCardGateway);
  });

  it("with a live Stripe key: cards saved in test mode can pay nothing", () => {
    const env = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(activeCardGateway(env)).toMatchObject({ name: "stripe", testMode: false });
    expect(activeCardGateway(env).webhook).toBeDefined();
    expect(cardGatewayByName("test", env)).toBeNull();
  });
});
