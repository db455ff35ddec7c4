import { ApiKeyError } from "./api-key-error";

/** What a reseller key accepts as request signatures (docs/decisions.md#r16). */
export const RESELLER_SIGNATURE_VERSIONS = ["v1", "v2"] as const;
export type ResellerSignatureVersion = (typeof RESELLER_SIGNATURE_VERSIONS)[number];

/** How the portal names a key's signature settings, on its row and in its forms. */
export const RESELLER_SIGNATURE_VERSION_LABELS: Record<ResellerSignatureVersion, { label: string; description: string }> = {
  v1: { label: "v1 or v2", description: "Accepts the original hmac-sha256 signature and v2." },
  v2: { label: "v2 required", description: "Accepts only v2, which binds the method, path, timestamp and body, and can't be replayed." },
};

export function checkSignatureVersion(value: unknown): ResellerSignatureVersion {
  if (typeof value === "string" && (RESELLER_SIGNATURE_VERSIONS as readonly string[]).includes(value)) return value as ResellerSignatureVersion;
  throw new ApiKeyError("invalid_signature_version", "The signature version must be v1 or v2");
}

/** The short text of a key's row: `v2 required`, `v1 + timestamp` or `v1 or v2`. */
export function signatureSettingsLabel(key: { signatureVersion: ResellerSignatureVersion; requireTimestamp: boolean }): string {
  if (key.signatureVersion === "v2") return RESELLER_SIGNATURE_VERSION_LABELS.v2.label;
  return key.requireTimestamp ? "v1 (timestamp required) or v2" : RESELLER_SIGNATURE_VERSION_LABELS.v1.label;
}
