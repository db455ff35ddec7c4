import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { webhookAddressPolicy, type AddressPolicy } from "@/lib/webhooks/address-policy";
import { systemResolver, type Resolver } from "@/lib/webhooks/resolver";
import { guardedLookup } from "@/lib/webhooks/send-webhook-request";
import { BackendError } from "../backend-error";

/** What a node learns by downloading an image file: its digest, its length and its first bytes (the header). */
export interface FetchedImageFile {
  sha256: string;
  sizeBytes: number;
  head: Buffer;
}

export type ImageFetcher = (url: string) => Promise<FetchedImageFile>;

const HEAD_BYTES = 512;
/** A disk image larger than this is refused (the biggest plan's disk is far below it). */
export const IMAGE_MAX_BYTES = 512 * 1024 ** 3;
export const IMAGE_FETCH_TIMEOUT_MS = 30 * 60_000;

/**
 * Downloads an image file the way a node does: GET, streaming, hashing as it reads, never keeping
 * the file in memory. The same defences as webhook deliveries (lib/webhooks): https only (plain http
 * only when `allowHttp`, for tests), no credentials in the URL, every resolved address checked by the
 * policy as the socket connects (so a name re-pointed to a private address after registration is
 * refused), redirects never followed, a deadline and a size cap. A refusal by the URL's owner (status,
 * address) is `configuration`; a network failure is `provider_unreachable` (worth a retry).
 */
export function guardedImageFetcher(
  options: { policy?: AddressPolicy; resolve?: Resolver; allowHttp?: boolean; timeoutMs?: number; maxBytes?: number } = {},
): ImageFetcher {
  const policy = options.policy ?? webhookAddressPolicy();
  const resolve = options.resolve ?? systemResolver;
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS;
  return (raw) =>
    new Promise<FetchedImageFile>((done, fail) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return fail(new BackendError("configuration", "The image URL is not a valid URL"));
      }
      if (url.protocol !== "https:" && !(options.allowHttp && url.protocol === "http:")) return fail(new BackendError("configuration", "The image URL must use https"));
      if (url.username || url.password) return fail(new BackendError("configuration", "The image URL contains credentials"));
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host)) {
        const verdict = policy.checkAddress(host);
        if (!verdict.allowed) return fail(new BackendError("configuration", `The image URL's host is refused: ${host} is ${verdict.reason}`));
      } else {
        const problem = policy.checkHostName(host);
        if (problem) return fail(new BackendError("configuration", `The image URL's host is refused: ${problem}`));
      }
      const client = url.protocol === "https:" ? https : http;
      const request = client.get(url, { lookup: guardedLookup(policy, resolve), timeout: timeoutMs }, (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          return fail(new BackendError("configuration", `The image URL answered ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`));
        }
        const hash = createHash("sha256");
        const head: Buffer[] = [];
        let headBytes = 0;
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new BackendError("configuration", `The image is larger than ${Math.floor(maxBytes / 1024 ** 3)} GB`));
            return;
          }
          hash.update(chunk);
          if (headBytes < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
            headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
          }
        });
        response.on("end", () => done({ sha256: hash.digest("hex"), sizeBytes: size, head: Buffer.concat(head) }));
        response.on("error", (err) => fail(asBackendError(err)));
      });
      request.on("timeout", () => request.destroy(new BackendError("provider_unreachable", "The image download timed out")));
      request.on("error", (err) => fail(asBackendError(err)));
    });
}

function asBackendError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  const code = (err as { code?: string }).code;
  if (code === "WEBHOOK_ADDRESS_REFUSED") return new BackendError("configuration", `The image URL's host is refused: ${(err as Error).message.replace(/^Refused: /, "")}`);
  if (code === "WEBHOOK_NOT_RESOLVED") return new BackendError("configuration", "The image URL's host could not be resolved");
  return new BackendError("provider_unreachable", `The image could not be downloaded: ${(err as Error).message ?? String(err)}`);
}

/** The disk an image needs: a qcow2 file's virtual size (big-endian at byte 24 of its header), else its length (raw). */
export function virtualSizeOf(file: FetchedImageFile): number {
  const h = file.head;
  if (h.length >= 32 && h.readUInt32BE(0) === 0x514649fb) return Number(h.readBigUInt64BE(24));
  return file.sizeBytes;
}
