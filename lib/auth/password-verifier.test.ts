import { availableParallelism } from "node:os";
import { describe, expect, it, vi } from "vitest";
import { boundVerifier, sharedPasswordVerifier, VERIFY_CONCURRENCY } from "./password-verifier";
import { gatedCheck } from "./test-factories";

describe("boundVerifier", () => {
  it("runs at most `concurrency` checks at once, queues up to `maxWaiting`, and answers busy beyond", async () => {
    const gated = gatedCheck();
    const verifier = boundVerifier(gated.check, { concurrency: 2, maxWaiting: 3 });
    const answers = Array.from({ length: 7 }, (_, i) => verifier.verify("hash", `pw${i}`));

    // Two run, three wait, two are turned away at once without a check.
    await expect(answers[5]).resolves.toBe("busy");
    await expect(answers[6]).resolves.toBe("busy");
    expect(gated.calls).toBe(2);
    expect([verifier.running, verifier.waiting]).toEqual([2, 3]);

    // Each finished check hands its slot to the next waiting one; never more than two at once.
    for (let finished = 1; finished <= 5; finished++) {
      gated.finishNext(finished === 5);
      await vi.waitFor(() => expect(gated.calls).toBe(Math.min(5, finished + 2)));
    }
    expect(await Promise.all(answers.slice(0, 5))).toEqual([false, false, false, false, true]);
    expect(gated.maxRunning).toBe(2);
    expect([verifier.running, verifier.waiting]).toEqual([0, 0]);
  });

  it("frees the slot when a check throws", async () => {
    const verifier = boundVerifier(() => Promise.reject(new Error("boom")), { concurrency: 1, maxWaiting: 0 });
    await expect(verifier.verify("h", "p")).rejects.toThrow("boom");
    expect(verifier.running).toBe(0);
  });

  it("is one per process and never uses every core", () => {
    expect(sharedPasswordVerifier()).toBe(sharedPasswordVerifier());
    expect(VERIFY_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(VERIFY_CONCURRENCY).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
  });
});
