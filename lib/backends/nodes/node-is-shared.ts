/**
 * Whether a node is a shared cluster: its `config.shared` is true (a hypervisor cluster the supplier
 * shares with a partner, whose console proxy is not ours, so the relay cannot enforce view-only there;
 * docs/decisions.md#r17). The customer API's `capabilities.shared` says the same.
 */
export function nodeIsShared(config: unknown): boolean {
  return Boolean(config && typeof config === "object" && !Array.isArray(config) && (config as Record<string, unknown>).shared === true);
}
