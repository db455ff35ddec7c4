import { partialMatchKey, QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { accountKeys, imageKeys, serviceKeys } from "./keys";

const A = "3f6c9a52-0d7e-4c1b-9a43-5b2e8f1d7c01";
const B = "3f6c9a52-0d7e-4c1b-9a43-5b2e8f1d7c0"; // A without its last character

const isPrefix = (prefix: QueryKey, key: QueryKey) => partialMatchKey(key, prefix);

describe("query keys", () => {
  it("put everything about a service under its detail key", () => {
    for (const key of [serviceKeys.activity(A), serviceKeys.usage(A, "24h"), serviceKeys.usage(A, "30d"), serviceKeys.snapshots(A)]) {
      expect(isPrefix(serviceKeys.detail(A), key)).toBe(true);
      expect(isPrefix(serviceKeys.all, key)).toBe(true);
    }
    expect(serviceKeys.detail(A)).toEqual(["services", A]);
    expect(serviceKeys.usage(A, "7d")).toEqual(["services", A, "usage", "7d"]);
  });

  it("never let one service's keys match another's, even when one id starts the other", () => {
    for (const key of [serviceKeys.detail(B), serviceKeys.activity(B), serviceKeys.usage(B, "24h"), serviceKeys.snapshots(B)]) {
      expect(isPrefix(serviceKeys.detail(A), key)).toBe(false);
    }
    for (const key of [serviceKeys.detail(A), serviceKeys.activity(A), serviceKeys.snapshots(A)]) {
      expect(isPrefix(serviceKeys.detail(B), key)).toBe(false);
    }
    expect(isPrefix(serviceKeys.usage(A, "24h"), serviceKeys.usage(A, "7d"))).toBe(false);
  });

  it("keep images and the account apart from services", () => {
    expect(isPrefix(imageKeys.all, imageKeys.list())).toBe(true);
    expect(isPrefix(imageKeys.list(), imageKeys.storagePrice())).toBe(false);
    expect(isPrefix(accountKeys.security(), accountKeys.twoFactor())).toBe(true);
    for (const key of [imageKeys.list(), accountKeys.twoFactor()]) expect(isPrefix(serviceKeys.all, key)).toBe(false);
  });

  it("invalidating a service's detail reaches its cards and nothing else", async () => {
    const client = new QueryClient();
    const keys = [
      serviceKeys.detail(A),
      serviceKeys.activity(A),
      serviceKeys.usage(A, "24h"),
      serviceKeys.snapshots(A),
      serviceKeys.detail(B),
      serviceKeys.activity(B),
      imageKeys.list(),
      accountKeys.twoFactor(),
    ];
    for (const key of keys) client.setQueryData(key, { key });
    await client.invalidateQueries({ queryKey: serviceKeys.detail(A) });
    const invalidated = keys.filter((key) => client.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([serviceKeys.detail(A), serviceKeys.activity(A), serviceKeys.usage(A, "24h"), serviceKeys.snapshots(A)]);
    client.clear();
  });
});
