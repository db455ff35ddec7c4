import { isIP } from "node:net";
import { DomainError } from "@/lib/errors/domain-error";
import { normalizeHost, webhookAddressPolicy, type AddressPolicy } from "./address-policy";
import { systemResolver, type Resolver } from "./resolver";

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** The refusal sentences of `PUT /account/webhook` (and the portal form); the guide lists them. */
export const WEBHOOK_URL_MESSAGES = {
  notAbsolute: "Webhook URL must be an absolute URL starting with http:// or https://",
  tooLong: `Webhook URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  credentials: "Webhook URL must not contain a user name or password",
  unresolvable: "Webhook URL host could not be resolved",
  /** `Webhook URL must use a public host: <why>` */
  notPublic: (why: string) => `Webhook URL must use a public host: ${why}`,
} as const;

export interface WebhookUrlCheckOptions {
  resolve?: Resolver;
  policy?: AddressPolicy;
}

/**
 * Checks a webhook URL at submission (docs/decisions.md#d11, #d12): an explicit http(s) scheme, no credentials,
 * and a public host — an IP literal that is public, or a name that resolves only to public addresses
 * (every address is checked). Returns the URL in its canonical WHATWG form, or throws a
 * DomainError("invalid") with one of WEBHOOK_URL_MESSAGES. The same rules run again at delivery, on
 * the address actually dialled (send-webhook-request.ts).
 */
export async function checkWebhookUrl(raw: string, options: WebhookUrlCheckOptions = {}): Promise<string> {
  const policy = options.policy ?? webhookAddressPolicy();
  const resolve = options.resolve ?? systemResolver;
  const text = raw.trim();
  if (text.length > WEBHOOK_URL_MAX_LENGTH) throw new DomainError("invalid", WEBHOOK_URL_MESSAGES.tooLong);
  // An explicit scheme: WHATWG would read "example.com:8080/x" as scheme "example.com:".
  if (!/^https?:\/\//i.test(text)) throw new DomainError("invalid", WEBHOOK_URL_MESSAGES.notAbsolute);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DomainError("invalid", WEBHOOK_URL_MESSAGES.notAbsolute);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
    throw new DomainError("invalid", WEBHOOK_URL_MESSAGES.notAbsolute);
  }
  if (url.username || url.password) throw new DomainError("invalid", WEBHOOK_URL_MESSAGES.credentials);

  await checkHost(url.hostname, { policy, resolve });
  return url.href;
}

/** The sentences a host refusal uses; other callers (custom image source URLs) name their own field. */
export interface HostRefusalMessages {
  unresolvable: string;
  notPublic: (why: string) => string;
}

/** The host rules shared by submission and delivery; throws DomainError("invalid"). */
export async function checkHost(hostname: string, deps: { policy: AddressPolicy; resolve: Resolver; messages?: HostRefusalMessages }): Promise<void> {
  const messages = deps.messages ?? WEBHOOK_URL_MESSAGES;
  const host = normalizeHost(hostname);
  if (isIP(host)) {
    const verdict = deps.policy.checkAddress(host);
    if (!verdict.allowed) throw new DomainError("invalid", messages.notPublic(`${hostname} is ${verdict.reason}`));
    return;
  }
  const nameProblem = deps.policy.checkHostName(host);
  if (nameProblem) throw new DomainError("invalid", messages.notPublic(nameProblem));
  let addresses;
  try {
    addresses = await deps.resolve(host);
  } catch {
    throw new DomainError("invalid", messages.unresolvable);
  }
  if (addresses.length === 0) throw new DomainError("invalid", messages.unresolvable);
  for (const a of addresses) {
    const verdict = deps.policy.checkAddress(a.address);
    if (!verdict.allowed) throw new DomainError("invalid", messages.notPublic(`${host} resolves to ${a.address}, ${verdict.reason}`));
  }
}
