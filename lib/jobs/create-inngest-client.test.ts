import { describe, expect, it } from "vitest";
import { createInngestClient, EMBEDDED_BASE_URL } from "./create-inngest-client";
import { isInngestExternal } from "./is-inngest-external";

describe("Inngest mode", () => {
  it("is embedded when no INNGEST_* variable is set", () => {
    expect(isInngestExternal({})).toBe(false);
    const client = createInngestClient({});
    expect(client.id).toBe("rackfront");
    expect(client.apiBaseUrl).toBe(EMBEDDED_BASE_URL);
    expect(client.mode).toBe("dev");
  });

  it.each(["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_BASE_URL", "INNGEST_DEV"])("is external when %s is set", (key) => {
    expect(isInngestExternal({ [key]: key === "INNGEST_BASE_URL" ? "http://inngest.internal:8288" : "1" })).toBe(true);
  });

  it("leaves an external client to read its settings from the environment", () => {
    const client = createInngestClient({ INNGEST_DEV: "1" });
    expect(client.apiBaseUrl).not.toBe(EMBEDDED_BASE_URL);
  });
});
