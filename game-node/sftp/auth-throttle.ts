/**
 * Failed SFTP logins per client IP within a sliding window. An IP at the limit is refused before its
 * password is checked, until its oldest counted failure leaves the window. Successes do not clear the
 * count: one valid account must not reset the guesses against others. At most `maxTracked` IPs are
 * remembered (the oldest is forgotten first), so a flood of addresses cannot grow the node's memory.
 */
export class AuthThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: { maxFailures: number; windowMs: number; maxTracked?: number; now?: () => number },
  ) {}

  isBlocked(ip: string): boolean {
    return this.recent(ip).length >= this.options.maxFailures;
  }

  recordFailure(ip: string): void {
    const times = this.recent(ip);
    times.push(this.now());
    this.failures.delete(ip);
    this.failures.set(ip, times.slice(-this.options.maxFailures));
    const maxTracked = this.options.maxTracked ?? 10_000;
    while (this.failures.size > maxTracked) this.failures.delete(this.failures.keys().next().value as string);
  }

  private recent(ip: string): number[] {
    const since = this.now() - this.options.windowMs;
    const times = (this.failures.get(ip) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(ip);
    return times;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
