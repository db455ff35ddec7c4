import type { Db } from "@/lib/db/client";
import { generateSigningSecret } from "@/lib/api-keys/generate-signing-secret";
import type { CustomerKeyActor } from "@/lib/api-keys/customer-key-actor";
import { mintCustomerApiKey, type MintCustomerApiKeyInput } from "@/lib/api-keys/mint-customer-api-key";
import { mintResellerApiKey, type MintResellerApiKeyInput } from "@/lib/api-keys/mint-reseller-api-key";
import type { ResellerKeyActor } from "@/lib/api-keys/reseller-key-actor";
import { makeCustomer, makeReseller } from "@/lib/testing/factories";
import { signResellerRequest, signResellerRequestV2 } from "../reseller/signature";

// Helpers for the API tests: real keys minted with lib/api-keys, Web Requests built the way a
// client sends them, answers read back as JSON.

export const ORIGIN = "http://rackfront.test";

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

function build(url: string, method: string, options: RequestOptions): Request {
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: string | Uint8Array | undefined;
  if (method === "GET" || method === "HEAD") body = undefined;
  else if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request(url, { method, headers, body: body as BodyInit | undefined });
}

export function customerRequest(method: string, path: string, options: RequestOptions = {}): Request {
  return build(`${ORIGIN}/v1${path === "/" ? "" : path}`, method, options);
}

export interface ResellerRequestOptions extends RequestOptions {
  /**
   * Signs the request (timestamp in seconds of `now` unless given); false/absent = unsigned.
   * `version: "v2"` signs v2 (docs/decisions.md#r16) over this request's method and path.
   */
  sign?: { secret: string; now?: Date; timestamp?: string | null; version?: "v1" | "v2" } | false;
}

export function resellerRequest(method: string, path: string, options: ResellerRequestOptions = {}): Request {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sign) {
    const body = options.rawBody !== undefined ? options.rawBody : options.body !== undefined ? JSON.stringify(options.body) : "";
    const timestamp =
      options.sign.timestamp === undefined ? String(Math.floor((options.sign.now ?? new Date()).getTime() / 1000)) : options.sign.timestamp;
    if (timestamp !== null) headers["x-reseller-timestamp"] = timestamp;
    if (options.sign.version === "v2") {
      const url = new URL(`${ORIGIN}/v1/reseller${path}`);
      const target = `${url.pathname}${url.search}`;
      headers["x-reseller-signature"] = signResellerRequestV2({ signingSecret: options.sign.secret, method, target, timestamp: timestamp ?? "", body });
    } else {
      headers["x-reseller-signature"] = signResellerRequest({ signingSecret: options.sign.secret, timestamp, body });
    }
  }
  return build(`${ORIGIN}/v1/reseller${path}`, method, { ...options, headers });
}

export async function readJson(response: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A customer account (owner, default project, optional credit) and a key of the owner. */
export async function customerWithKey(db: Db, options: { scopes?: string[]; credit?: string } = {}) {
  const customer = await makeCustomer(db, { credit: options.credit });
  const { key, plaintext } = await mintCustomerApiKey(
    { db, now: new Date(), actor: { accountId: customer.account.id, userId: customer.owner.id } },
    { label: "test", scopes: options.scopes ?? ["read", "services", "orders", "billing", "destructive"] },
  );
  return { ...customer, key, plaintext };
}

/** A key of `accountId`'s owner or member `userId`; label "test" and `read` unless given. */
export async function mintCustomerKey(
  db: Db,
  { accountId, userId, ...input }: Partial<MintCustomerApiKeyInput> & CustomerKeyActor,
  options: { now?: Date } = {},
) {
  return mintCustomerApiKey({ db, now: options.now ?? new Date(), actor: { accountId, userId } }, { label: "test", scopes: ["read"], ...input });
}

/** An active reseller with a real signing secret and a key holding every scope. */
export async function resellerWithKey(db: Db, options: { status?: "pending" | "active" | "suspended" | "closed" } = {}) {
  const reseller = await makeReseller(db, { status: "active" });
  const signing = generateSigningSecret();
  await db.resellerProfile.update({ where: { id: reseller.profile.id }, data: { signingSecret: signing.sealed } });
  const { key, plaintext } = await mintResellerApiKey(
    { db, now: new Date(), actor: { resellerId: reseller.profile.id } },
    { label: "all scopes", scopes: ["read", "orders", "services", "destructive", "customers", "account"] },
  );
  if (options.status && options.status !== "active") {
    await db.resellerProfile.update({ where: { id: reseller.profile.id }, data: { status: options.status } });
  }
  return { ...reseller, secret: signing.plaintext, key, plaintext };
}

/** A key of reseller `resellerId`; label "test" unless given. */
export async function mintResellerKey(
  db: Db,
  { resellerId, ...input }: Partial<MintResellerApiKeyInput> & ResellerKeyActor,
  options: { now?: Date } = {},
) {
  return mintResellerApiKey({ db, now: options.now ?? new Date(), actor: { resellerId } }, { label: "test", ...input });
}
