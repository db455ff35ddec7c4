import { DomainError } from "@/lib/errors/domain-error";
import { createAddressPolicy, type AddressPolicy } from "@/lib/webhooks/address-policy";
import { checkHost } from "@/lib/webhooks/check-webhook-url";
import { systemResolver, type Resolver } from "@/lib/webhooks/resolver";
import { formatCount } from "@/lib/format/format-count";

// Sentences of the custom image routes (customer API "Custom image", reseller capture and images).
// The spec gives the status codes (409 image cap, image capturing, plan disk smaller than
// `virtual_size_bytes`, image node full); the wording is ours.

export const CUSTOM_IMAGE_NOT_FOUND = "Custom image not found";
export const CAPTURE_NOT_OFFERED = "Capture is not available for this VPS";
export const IMAGE_NAME_INVALID = "name must be 1 to 120 characters without control characters";
export const SOURCE_URL_HTTPS = "source_url must be an https:// URL";
export const SOURCE_URL_CREDENTIALS = "source_url must not contain a user name or password";
export const SOURCE_URL_TOO_LONG = "source_url must be at most 2048 characters";
export const SOURCE_SHA256_REQUIRED = "source_sha256 is required";
export const SOURCE_SHA256_FORMAT = "source_sha256 must be 64 hexadecimal characters (the SHA-256 of the image file)";
export const OS_FAMILIES = ["linux", "windows", "bsd"] as const;
export const CAPTURE_FAILED = "The capture did not complete; delete this image and capture again";
export const imageLimitReached = (max: number) => `Image limit reached: this account keeps at most ${formatCount(max, "custom image")}`;
export const imageStillCapturing = (name: string) => `Custom image ${name} is still capturing; try again when it is available`;
export const imageNotAvailable = (name: string, status: string) => `Custom image ${name} is not available (${status})`;
export const planDiskTooSmall = (diskGb: number, neededGb: number) => `The plan's disk (${diskGb} GB) is smaller than the image needs (${neededGb} GB)`;
export const IMAGE_NODE_FULL = "The server that stores this image has no room for another VPS of this plan right now";
export const imageStoredElsewhere = (location: string) => `This image is stored in ${location}; order the VPS in that location`;

export const SOURCE_URL_MESSAGES = {
  unresolvable: "source_url host could not be resolved",
  notPublic: (why: string) => `source_url must use a public host: ${why}`,
};

const field = (name: string, message: string) => new DomainError("invalid", message, { details: [{ field: name, message }] });

/** 1-120 printable characters (no control characters), trimmed. */
export function checkImageName(raw: string | undefined | null): string {
  const name = (raw ?? "").trim();
  if (name.length === 0 || name.length > 120 || /[\u0000-\u001f\u007f]/.test(name)) throw field("name", IMAGE_NAME_INVALID);
  return name;
}

export function checkSha256(raw: string | undefined | null): string {
  if (raw === undefined || raw === null || raw === "") throw field("source_sha256", SOURCE_SHA256_REQUIRED);
  const value = raw.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(value)) throw field("source_sha256", SOURCE_SHA256_FORMAT);
  return value;
}

// Public unicast only; unlike the webhook policy there is no test exemption: an image is fetched by
// the nodes, never from a loopback receiver.
let imagePolicy: AddressPolicy | null = null;
const defaultPolicy = () => (imagePolicy ??= createAddressPolicy());

export interface SourceUrlCheckOptions {
  resolve?: Resolver;
  policy?: AddressPolicy;
}

/**
 * A registration's (and, again, an order's) source URL: https only, no credentials, and a public host
 * — an IP literal that is public, or a name whose every address is public (the webhook SSRF rules).
 * Alternative IPv4 spellings (`2130706433`, `0x7f.1`) are canonicalised by URL parsing before the
 * check, and IPv6 forms embedding an IPv4 address (`[::ffff:127.0.0.1]`) are refused outright.
 * Returns the canonical URL.
 */
export async function checkImageSourceUrl(raw: string, options: SourceUrlCheckOptions = {}): Promise<string> {
  const text = raw.trim();
  if (text.length > 2048) throw field("source_url", SOURCE_URL_TOO_LONG);
  if (!/^https:\/\//i.test(text)) throw field("source_url", SOURCE_URL_HTTPS);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw field("source_url", SOURCE_URL_HTTPS);
  }
  if (url.protocol !== "https:" || !url.hostname) throw field("source_url", SOURCE_URL_HTTPS);
  if (url.username || url.password) throw field("source_url", SOURCE_URL_CREDENTIALS);
  try {
    await checkHost(url.hostname, { policy: options.policy ?? defaultPolicy(), resolve: options.resolve ?? systemResolver, messages: SOURCE_URL_MESSAGES });
  } catch (error) {
    if (error instanceof DomainError) throw field("source_url", error.message);
    throw error;
  }
  return url.href;
}
