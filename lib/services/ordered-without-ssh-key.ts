const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const KEY_FIELDS = ["ssh_keys", "sshKeys", "ssh_key_ids", "sshKeyIds"];

/**
 * Whether a server was ordered without an SSH key, so its owner signs in with the root password:
 * read from what the order recorded (the order item's `configuration`: `ssh_keys` sent in full,
 * `ssh_key_ids` picked from the account, in either API's spelling, also under `configOptions`).
 * A service with no order item (set up by an operator, the demo data) has no such record: then the
 * account's keys decide, as the build installs every key of the account.
 */
export function orderedWithoutSshKey(input: { orderItem: { configuration: unknown } | null; accountHasSshKeys: boolean }): boolean {
  if (!input.orderItem) return !input.accountHasSshKeys;
  const config = asRecord(input.orderItem.configuration);
  const options = asRecord(config.configOptions);
  const named = (v: unknown) => Array.isArray(v) && v.some((k) => typeof k === "string" && k.trim() !== "");
  return !KEY_FIELDS.some((field) => named(config[field]) || named(options[field]));
}
