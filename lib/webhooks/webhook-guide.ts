import { WEBHOOK_URL_MESSAGES } from "./check-webhook-url";
import { RESELLER_WEBHOOK_EVENTS } from "./events";
import { NO_WEBHOOK_URL } from "./queue-test-webhook";
import { WEBHOOK_DEFAULT_MAX_ATTEMPTS, webhookAttemptOffsets, webhookRetryDelaySeconds } from "./retry-schedule";
import { WEBHOOK_USER_AGENT } from "./sign-webhook";
import { WEBHOOK_GUIDE_EXAMPLE, webhookGuideExample } from "./webhook-guide-example";

// The "Webhooks" section of the reseller guide (/v1/reseller/guide.md), rendered into
// lib/api/reseller/guide.ts. webhook-guide.test.ts checks its figures and runs its examples.

const FIRES_WHEN: Record<(typeof RESELLER_WEBHOOK_EVENTS)[number], string> = {
  "order.paid": "an order was charged (also after a successful retry, and when the document of an `invoiced` order is paid)",
  "order.invoiced": "an invoice or proforma was raised instead of an immediate charge",
  "order.payment_failed": "the charge failed",
  "service.provisioned": "a service reached `active`",
  "service.provisioning_failed": "creation or provisioning failed after payment",
  "service.suspended": "suspended by you or the supplier (also the outcome of an unpaid wholesale renewal)",
  "service.unsuspended": "suspension lifted",
  "service.terminated": "terminated by you or the supplier",
  "webhook.test": "`POST /webhooks/test`, or Send test event on the reseller portal's Webhooks page",
};

function duration(seconds: number): string {
  if (seconds < 3600) return `${seconds / 60} min`;
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return m ? `${h} h ${m} min` : `${h} h`;
}

function retryTable(): string {
  const offsets = webhookAttemptOffsets(WEBHOOK_DEFAULT_MAX_ATTEMPTS);
  const rows = ["| Attempt | Waits after the previous failure | Earliest time after the first attempt |", "|---|---|---|", "| 1 | — | 0 |"];
  for (let n = 2; n <= 8; n++) rows.push(`| ${n} | ${webhookRetryDelaySeconds(n - 1)} s | ${duration(offsets[n - 1]!)} |`);
  rows.push(`| 9 … ${WEBHOOK_DEFAULT_MAX_ATTEMPTS} | 3600 s each | … ${duration(offsets[WEBHOOK_DEFAULT_MAX_ATTEMPTS - 1]!)} |`);
  return rows.join("\n");
}

export function renderWebhookGuideSection(baseUrl: string): string {
  const e = WEBHOOK_GUIDE_EXAMPLE;
  const example = webhookGuideExample();
  const signature = example.headers["X-Webhook-Signature"]!;
  return `## Webhooks

Rackfront POSTs an event to your URL when something happens to your orders and services. Set the URL
with \`PUT /account/webhook {"webhookUrl": "https://…"}\` (key scope \`account\`, signed; \`{"webhookUrl": null}\`
clears it) or on the reseller portal's **Webhooks** page, **before you order**: events raised while no URL is on file
are dropped, not queued. The URL needs an explicit \`http://\` or \`https://\` and a public host:

| Refusal (400) | When |
|---|---|
| \`${WEBHOOK_URL_MESSAGES.notAbsolute}\` | no scheme, another scheme, or not a URL |
| \`${WEBHOOK_URL_MESSAGES.credentials}\` | \`user:password@\` in the URL |
| \`${WEBHOOK_URL_MESSAGES.tooLong}\` | |
| \`${WEBHOOK_URL_MESSAGES.notPublic("<host> is a loopback address")}\` | an IP address that is not public: private, loopback, link-local, multicast, unspecified, carrier-grade NAT (100.64/10), documentation, benchmarking, reserved, or an IPv6 form that embeds an IPv4 address (\`::ffff:…\`, \`::a.b.c.d\`, NAT64, 6to4, Teredo) — however it is spelt (\`2130706433\`, \`0177.0.0.1\`, \`0x7f.1\` are \`127.0.0.1\`) |
| \`${WEBHOOK_URL_MESSAGES.notPublic("<name> is not a public domain name")}\` | \`localhost\` and \`*.localhost\`, \`.local\`, \`.internal\`, \`.home.arpa\` and other private suffixes, names without a dot |
| \`${WEBHOOK_URL_MESSAGES.notPublic("<name> resolves to <address>, a private address")}\` | any address the name resolves to is not public |
| \`${WEBHOOK_URL_MESSAGES.unresolvable}\` | the name does not resolve |

The address is checked again at every delivery, on the address actually connected to, so a name that
later resolves to a private address gets failed attempts, not requests.

### Events

| Event | Fires when |
|---|---|
${RESELLER_WEBHOOK_EVENTS.map((name) => `| \`${name}\` | ${FIRES_WHEN[name]} |`).join("\n")}

The body is \`{"event", "timestamp", "data"}\`. Order events' \`data\`: \`orderId\`, \`orderNumber\`,
\`externalOrderId\`, \`externalCustomerId\`, \`status\`, \`paymentMode\` and, when known, \`amount\`, \`vat\`,
\`total\` (JSON numbers), \`currency\`, \`invoiceId\`, \`paymentError\`, \`provisioningError\`, \`services[]\`
(\`serviceId\`, \`status\`); fields not known are left out. Service events' \`data\`: \`serviceId\`, \`orderId\`,
\`externalOrderId\`, \`externalCustomerId\`, \`status\`, \`serverIp\`, \`hostname\` and, when known, \`reason\`.
A \`service.provisioning_failed\` raised when a build fails later on the node carries \`serviceId\`,
\`provisioningError\` and \`stage\`.

### Headers

| Header | Value |
|---|---|
| \`Content-Type\` | \`application/json\` |
| \`User-Agent\` | \`${WEBHOOK_USER_AGENT}\` |
| \`X-Webhook-Event\` | the event name |
| \`X-Webhook-Id\` | the delivery's id: the same on every attempt of one event — **deduplicate on it** |
| \`X-Webhook-Timestamp\` | ISO 8601 time of this attempt; equal to the body's \`timestamp\` |
| \`X-Webhook-Signature\` | \`hmac-sha256=<64 lowercase hex>\`: HMAC-SHA256 of the raw body, keyed with your signing secret's 64 characters as text |

Each attempt is a new request: new timestamp, new body, new signature, same \`X-Webhook-Id\`.

### Delivery and retries

Answer \`2xx\` within 30 seconds. Any other status, a timeout, a connection error or a redirect (never
followed) is a failure; only the first 64 KB of your answer are read. The queue is swept once a minute
(a test event or a resend is sent at once); your deliveries go out one at a time, oldest first, but a
failed one is retried later while newer ones go ahead, so order is best-effort. A failed delivery is
retried after 60 seconds, doubling, capped at one hour (plus up to a minute until the next sweep):

${retryTable()}

After ${WEBHOOK_DEFAULT_MAX_ATTEMPTS} failed attempts (the supplier may set another number) the delivery
is failed for good; send it again with \`POST /webhooks/deliveries/{deliveryId}/resend\` or **Send again**
on the delivery's page under the reseller portal's **Webhooks** page (a fresh round of attempts, same \`X-Webhook-Id\`). Delivery is at least once: an event can
arrive twice (for instance when our sender restarts mid-request). While your reseller profile is not
\`active\` deliveries are paused; on reactivation the backlog is sent.

### Verifying a delivery

1. Read the raw body bytes before any JSON parsing; the signature is over those exact bytes.
2. Compute \`hmac-sha256=\` + hex HMAC-SHA256(key = your signing secret as text, message = raw body) and
   compare it with \`X-Webhook-Signature\` in constant time.
3. Refuse a \`X-Webhook-Timestamp\` more than five minutes from your clock (replays), and ignore an
   \`X-Webhook-Id\` you have already processed.
4. Answer \`2xx\` at once and do the work afterwards.

Worked example — signing secret \`${e.secret}\`, delivery \`${e.deliveryId}\`, attempt at
\`${e.attemptAt.toISOString()}\`. The raw body:

\`\`\`json
${example.body}
\`\`\`

and the header:

\`\`\`
X-Webhook-Signature: ${signature}
\`\`\`

With OpenSSL:

\`\`\`sh
# the raw body, exactly as received, then the digest
printf '%s' '${example.body}' | openssl dgst -sha256 -hmac '${e.secret}'
\`\`\`

prints \`${signature.slice("hmac-sha256=".length)}\`.

Node.js:

\`\`\`js
import { createHmac, timingSafeEqual } from "node:crypto";

function verifyWebhook(rawBody, signatureHeader, signingSecret) {
  const expected = Buffer.from("hmac-sha256=" + createHmac("sha256", signingSecret).update(rawBody).digest("hex"));
  const given = Buffer.from(signatureHeader ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\`

A receiver (Node.js 18 or later, no framework) using it:

\`\`\`js
import { createServer } from "node:http";

const SIGNING_SECRET = process.env.SIGNING_SECRET;
const seen = new Set(); // use your database in production

createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks);
    const sentAt = Date.parse(req.headers["x-webhook-timestamp"] ?? "");
    if (!verifyWebhook(raw, req.headers["x-webhook-signature"], SIGNING_SECRET) || !(Math.abs(Date.now() - sentAt) <= 300_000)) {
      res.writeHead(401).end();
      return;
    }
    const id = req.headers["x-webhook-id"];
    res.writeHead(204).end(); // answer first, work afterwards
    if (seen.has(id)) return;
    seen.add(id);
    const { event, data } = JSON.parse(raw.toString("utf8"));
    console.log(event, data);
  });
}).listen(8080);
\`\`\`

To exercise your endpoint by hand, send it the worked example with curl (your receiver must use the
example's secret, and accept the example's old timestamp, for this check):

\`\`\`sh
WEBHOOK_URL='https://your-endpoint.example.com/rackfront'
curl -sS -o /dev/null -w '%{http_code}\\n' -X POST "$WEBHOOK_URL" \\
  -H 'Content-Type: application/json' \\
  -H 'User-Agent: ${WEBHOOK_USER_AGENT}' \\
  -H 'X-Webhook-Event: ${e.event}' \\
  -H 'X-Webhook-Id: ${e.deliveryId}' \\
  -H 'X-Webhook-Timestamp: ${e.attemptAt.toISOString()}' \\
  -H 'X-Webhook-Signature: ${signature}' \\
  --data-raw '${example.body}'
\`\`\`

### Delivery log

\`GET /webhooks/deliveries\` (scope \`account\`; \`?event=\`, \`?status=\` \`pending|paused|delivered|failed\`,
\`?limit=\` 1-200, \`?offset=\`) lists your deliveries newest first; \`GET /webhooks/deliveries/{deliveryId}\`
shows every attempt with the exact headers and body sent, the status code, duration, error and the
start of your answer. \`POST /webhooks/test\` answers \`202\` once a \`webhook.test\` is queued
(\`400 ${NO_WEBHOOK_URL}\` without a URL). The same log is on the reseller portal's **Webhooks** page (${baseUrl.replace(/\/v1\/reseller$/, "")}/reseller/webhooks).
`;
}
