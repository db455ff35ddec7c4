import { availableParallelism } from "node:os";
import { verifyPassword } from "./password";

// argon2 (19 MiB, t=2) runs on libuv's thread pool: a flood of sign-ins would take every core and
// starve the API. Password checks go through one bounded verifier per process instead: at most
// VERIFY_CONCURRENCY run at once (half the cores, at least one), VERIFY_MAX_WAITING wait their turn,
// and any further check is answered "busy" at once without hashing (docs/decisions.md#r15).

export type VerifyPassword = (passwordHash: string, password: string) => Promise<boolean>;

export interface BoundedVerifier {
  /** The check's answer, or "busy" when the queue is full (nothing was hashed). */
  verify(passwordHash: string, password: string): Promise<boolean | "busy">;
  /** Checks running now. */
  readonly running: number;
  /** Checks waiting for a slot. */
  readonly waiting: number;
}

export const VERIFY_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
export const VERIFY_MAX_WAITING = 32;

export function boundVerifier(check: VerifyPassword, limits: { concurrency: number; maxWaiting: number }): BoundedVerifier {
  let running = 0;
  const queue: Array<() => void> = [];

  async function acquire(): Promise<boolean> {
    if (running < limits.concurrency) {
      running++;
      return true;
    }
    if (queue.length >= limits.maxWaiting) return false;
    // The releasing check hands its slot over directly, so `running` stays the same.
    await new Promise<void>((resolve) => queue.push(resolve));
    return true;
  }

  function release(): void {
    const next = queue.shift();
    if (next) next();
    else running--;
  }

  return {
    async verify(passwordHash, password) {
      if (!(await acquire())) return "busy";
      try {
        return await check(passwordHash, password);
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

// One per process: the portal's server actions and Auth.js's callback may load this module apart.
const slot = globalThis as unknown as { __rackfrontPasswordVerifier?: BoundedVerifier };

/** The process's verifier for sign-in checks. */
export function sharedPasswordVerifier(): BoundedVerifier {
  slot.__rackfrontPasswordVerifier ??= boundVerifier(verifyPassword, { concurrency: VERIFY_CONCURRENCY, maxWaiting: VERIFY_MAX_WAITING });

  return slot.__rackfrontPasswordVerifier;
}
