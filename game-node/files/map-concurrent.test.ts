import { describe, expect, it } from "vitest";
import { mapConcurrent } from "./map-concurrent";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("mapConcurrent", () => {
  it("keeps the items' order and never has more than `limit` calls in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 50 }, (_, i) => i);
    const results = await mapConcurrent(items, 4, async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Later items finish first, so order comes from the index, not from completion.
      await tick((50 - i) % 5);
      inFlight--;
      return i * 2;
    });
    expect(results).toEqual(items.map((i) => i * 2));
    expect(most).toBe(4);
  });

  it("answers an empty list", async () => {
    expect(await mapConcurrent([], 8, async () => 1)).toEqual([]);
  });

  it("after a failure starts nothing new, lets the calls in flight end, then throws the first error", async () => {
    const started: number[] = [];
    const ended: number[] = [];
    let settled = false;
    const run = mapConcurrent(
      Array.from({ length: 20 }, (_, i) => i),
      3,
      async (i) => {
        started.push(i);
        if (i === 1) throw new Error("boom 1");
        await tick(30);
        ended.push(i);
        return i;
      },
    ).finally(() => {
      settled = true;
    });
    await tick(5);
    // Items 0 and 2 are still in flight: the call has not settled yet.
    expect(settled).toBe(false);
    await expect(run).rejects.toThrow("boom 1");
    expect(started).toEqual([0, 1, 2]);
    expect(ended.sort()).toEqual([0, 2]);
  });
});
