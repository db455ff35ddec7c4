import { renderWebhookGuideSection } from "@/lib/webhooks/webhook-guide";
import { resellerSignatureV2Content, signResellerRequest, signResellerRequestV2 } from "./signature";

// The Markdown usage guide served at /v1/reseller/guide.md. Edit the text here; ${v.…} values are
// filled in per request. lib/api/openapi/docs.test.ts runs its curl, OpenSSL, Node and Python examples.

/** Fixed values of the worked signing example (not a real secret). */
export const GUIDE_EXAMPLE = {
  secret: "3f9a6c1e8b2d47f0a5c9e1b3d7f2a6c4e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8",
  timestamp: "1767225600",
  body: '{"externalCustomerId":"cust-1001","externalCustomerEmail":"ada@example.com"}',
} as const;

/**
 * The signature v2 test vectors (docs/decisions.md#r16): the guide prints them and
 * lib/api/reseller/signature.test.ts holds the same digests, computed independently.
 */
export const GUIDE_V2_EXAMPLE = {
  secret: GUIDE_EXAMPLE.secret,
  method: "POST",
  target: "/v1/reseller/customers",
  timestamp: "1767225600000",
  body: GUIDE_EXAMPLE.body,
  emptyMethod: "DELETE",
  emptyTarget: "/v1/reseller/customers/6f1c2a4e-9b3d-4c8e-a1f5-2d7b9e0c3a48?reason=closed",
} as const;

/** The reseller API guide for clients of `baseUrl` (the API root, e.g. https://portal.example/v1/reseller). */
export function renderResellerGuide(baseUrl: string): string {
  const v = {
    baseUrl,
    exampleSecret: GUIDE_EXAMPLE.secret,
    exampleTimestamp: GUIDE_EXAMPLE.timestamp,
    exampleBody: GUIDE_EXAMPLE.body,
    exampleSignature: signResellerRequest({ signingSecret: GUIDE_EXAMPLE.secret, timestamp: GUIDE_EXAMPLE.timestamp, body: GUIDE_EXAMPLE.body }),
    exampleEmptySignature: signResellerRequest({ signingSecret: GUIDE_EXAMPLE.secret, timestamp: GUIDE_EXAMPLE.timestamp, body: "" }),
    ...v2Example(),
  };
  return `# Rackfront reseller API — usage guide

Base URL: \`${v.baseUrl}\` · Reference: [\`/docs\`](${v.baseUrl}/docs) · Machine-readable: [\`/openapi.json\`](${v.baseUrl}/openapi.json)

Your platform calls this API to buy, provision and manage services at wholesale. The version is the
\`/v1\` path segment; there is no other version negotiation. Every answer is JSON in an envelope, except
these documentation routes and the platform feature gate.

## Authentication

Send your API key on every request:

\`\`\`
Authorization: Bearer rsk_<8 letters or digits>_<64 letters or digits>
\`\`\`

| Refusal | When |
|---|---|
| \`401 Missing or invalid Authorization header\` | no header, or not \`Bearer <token>\` |
| \`401 Invalid API key format\` | the token is not \`rsk_\` + 8 + \`_\` + 64 characters of \`[A-Za-z0-9]\` |
| \`401 Invalid API key\` | unknown, revoked or expired key, or your reseller profile is not \`active\` (indistinguishable on purpose) |
| \`403 API key is missing the required scope: <scope>\` | the key lacks the endpoint's scope |

Keys are minted on the reseller portal's **API keys** page; the secret is shown once. A reseller holds at most 20
unrevoked keys. A key has a fixed scope set (a key made without scopes has \`read\` alone):

| Scope | Grants |
|---|---|
| \`read\` | catalogue, orders, services and their reads, customers list |
| \`orders\` | placing orders, retrying payment, changing a service's add-ons |
| \`services\` | power, suspend, unsuspend, package changes, backups, consoles, game and plugin writes |
| \`destructive\` | terminate, reinstall, password reset, backup restore and delete |
| \`customers\` | create, update, delete customer records |
| \`account\` | payment methods (listing included), webhook URL, webhook test |

\`GET /payment-methods\` needs \`account\`, not \`read\`. A key **bound to a customer** record sees and acts
only on that customer's orders and services and cannot hold \`customers\` or \`account\`; it is revoked when
the customer record is deleted.

## Signing requests

Every \`POST\`, \`PUT\`, \`PATCH\` and \`DELETE\` must be signed; \`GET\` never is. The signing secret is the
64-character hex string on the reseller portal's **Signing secret** page (it is not the API key). Rotating it invalidates the old
one at once for every integration.

\`\`\`
X-Reseller-Timestamp: <unix seconds, or milliseconds>
X-Reseller-Signature: hmac-sha256=<64 lowercase hex>
\`\`\`

- \`signature = hex(HMAC-SHA256(key, content))\` where **key is the secret's 64 characters as text**
  (their ASCII bytes), not the 32 bytes they spell in hex.
- \`content = "<timestamp>." + raw body\` when you send \`X-Reseller-Timestamp\` (the timestamp exactly
  as in the header), otherwise the raw body alone.
- The raw body is **the exact bytes you send**. Serialise once, sign that string, send that string.
- A request without a body signs the empty string (\`"<timestamp>."\` with a timestamp); \`{}\` is
  accepted too. Send a timestamp on body-less requests: without one the content is constant.
- A timestamp above 10^11 is read as milliseconds. More than 300 seconds from the server's clock in
  either direction is refused; keep your clock in sync (NTP).
- Send \`Content-Type: application/json\` with every body.
- Deprecated, to be removed: a signature computed over the server's re-serialisation of your JSON
  (\`JSON.stringify(JSON.parse(body))\`) is still accepted. Sign the raw body.

| Refusal | When |
|---|---|
| \`401 Request signature required for this operation. Include X-Reseller-Signature header.\` | no signature header on a mutation |
| \`400 Invalid signature format\` | the header is not \`hmac-sha256=<value>\` |
| \`400 Invalid X-Reseller-Timestamp\` | the timestamp is not a whole number |
| \`401 Request timestamp outside the allowed window\` | more than 300 s away |
| \`401 Invalid signature\` | the value is not 64 lowercase hex characters, or does not match |

The scope check runs before the signature check. What the signature covers is the timestamp and the
body — not the method, the path or the key — so a signature seen by someone else could be replayed
against another endpoint with the same body within five minutes: keep keys, secrets and signed requests
out of logs and tickets, and always send a timestamp. [Signature v2](#signature-v2) closes that gap.

### Worked example

With the signing secret \`${v.exampleSecret}\`, the timestamp \`${v.exampleTimestamp}\` and the body
\`${v.exampleBody}\`, the signed content is \`${v.exampleTimestamp}.${v.exampleBody}\` and the header is:

\`\`\`
X-Reseller-Signature: ${v.exampleSignature}
\`\`\`

Check your own implementation against it; with OpenSSL:

\`\`\`sh
printf '%s' '${v.exampleTimestamp}.${v.exampleBody}' | openssl dgst -sha256 -hmac '${v.exampleSecret}'
\`\`\`

The same secret and timestamp over an empty body (\`${v.exampleTimestamp}.\`) give
\`${v.exampleEmptySignature}\`.

### curl

\`\`\`sh
RESELLER_URL='${v.baseUrl}'
API_KEY='rsk_your_key_here'
SIGNING_SECRET='your 64-character signing secret'

BODY='{"externalCustomerId":"cust-1001","externalCustomerEmail":"ada@example.com"}'
TS=$(date +%s)
SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SIGNING_SECRET" | sed 's/^.*= //')
curl -sS -X POST "$RESELLER_URL/customers" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "X-Reseller-Timestamp: $TS" \\
  -H "X-Reseller-Signature: hmac-sha256=$SIG" \\
  --data-raw "$BODY"
\`\`\`

### Node.js (18 or later)

\`\`\`js
import { createHmac } from "node:crypto";

const RESELLER_URL = "${v.baseUrl}";
const API_KEY = "rsk_your_key_here";
const SIGNING_SECRET = "your 64-character signing secret";

// The key is the secret's text; the content is "<timestamp>.<the exact body string you send>".
function sign(timestamp, rawBody) {
  return "hmac-sha256=" + createHmac("sha256", SIGNING_SECRET).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
}

async function call(method, path, payload) {
  const body = payload === undefined ? "" : JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(RESELLER_URL + path, {
    method,
    headers: {
      Authorization: \`Bearer \${API_KEY}\`,
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...(method === "GET" ? {} : { "X-Reseller-Timestamp": timestamp, "X-Reseller-Signature": sign(timestamp, body) }),
    },
    body: body || undefined,
  });
  return { status: res.status, body: await res.json() };
}

console.log(JSON.stringify(await call("POST", "/customers", { externalCustomerId: "cust-1001", externalCustomerEmail: "ada@example.com" })));
\`\`\`

<a id="signature-v2"></a>
## Signature v2

Beyond the contract, for integrations that want every request bound to what it does. A v2 signature
covers the method, the path with its query, the timestamp and a SHA-256 of the body, and is accepted
**once**: a captured request cannot be sent again, to the same endpoint or another one.

\`\`\`
X-Reseller-Timestamp: <unix milliseconds, or seconds>
X-Reseller-Signature: v2=<64 lowercase hex>
\`\`\`

- \`signature = hex(HMAC-SHA256(key, content))\`, the same key as above (the signing secret's 64
  characters as text).
- \`content\` is five lines joined by a single line feed (\`\\n\`, no trailing one):

  \`\`\`
  v2
  <METHOD>
  <path?query>
  <timestamp>
  <hex SHA-256 of the raw body>
  \`\`\`

  - \`METHOD\` in capitals (\`POST\`, \`PUT\`, \`PATCH\`, \`DELETE\`).
  - The path **and query exactly as in the request line**, starting with \`/v1/reseller/\`:
    \`/v1/reseller/services/<id>/power\`, followed by \`?\` and the query when the URL has one. Send the URL you
    signed without rewriting it (no \`..\` segments, characters outside URLs percent-encoded as your
    HTTP client sends them); a proxy that changes the path makes the signature fail.
  - The timestamp exactly as in \`X-Reseller-Timestamp\`. **It is required**; the same ±300 s window
    applies. Milliseconds are recommended.
  - The lowercase hex SHA-256 of the exact body bytes sent. A request without a body hashes the empty
    string (\`e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\`); there is no \`{}\`
    alternative and no re-serialised form.
- **Each signature is accepted once.** Identical requests (same method, path, body and timestamp) have
  the same signature, so the second is refused: use millisecond timestamps, and sign a retry afresh
  with a new timestamp. A signature is spent when it is checked, even when the request is then refused
  (a \`429\`, a validation error); spent signatures are forgotten once their timestamp is outside the window.
- Every key accepts v2. On the reseller portal's **API keys** page a key can be set to **v2 required**: it then
  refuses the \`hmac-sha256=\` form. Separately, a key that still takes v1 can **require
  \`X-Reseller-Timestamp\`** on v1 signatures. New keys accept both and require nothing, as the contract
  says. Switch an integration to v2, check it works, then set its key to v2 required.

| Refusal | When |
|---|---|
| \`401 A v2 signature requires the X-Reseller-Timestamp header\` | \`v2=\` without a timestamp |
| \`401 This signature has already been used: sign every request afresh with a new X-Reseller-Timestamp\` | the same v2 signature was accepted before |
| \`401 This API key accepts only v2 signatures (X-Reseller-Signature: v2=<64 lowercase hex>)\` | an \`hmac-sha256=\` signature on a key set to v2 required |
| \`401 This API key requires the X-Reseller-Timestamp header on signed requests\` | a v1 signature without a timestamp on a key that requires one |
| \`401 Invalid signature\` | not 64 lowercase hex characters, or no match (another method, path, query, timestamp or body) |

\`400 Invalid X-Reseller-Timestamp\` and \`401 Request timestamp outside the allowed window\` are as above.

### v2 test vectors

Check your code against these before you call the API. Signing secret \`${v.exampleSecret}\`.

**1.** \`${v.v2Method} ${v.v2Target}\`, timestamp \`${v.v2Timestamp}\`, body \`${v.exampleBody}\`:

\`\`\`
${v.v2Content}
\`\`\`

\`\`\`
X-Reseller-Signature: ${v.v2Signature}
\`\`\`

**2.** \`${v.v2EmptyMethod} ${v.v2EmptyTarget}\`, same timestamp, no body:

\`\`\`
${v.v2EmptyContent}
\`\`\`

\`\`\`
X-Reseller-Signature: ${v.v2EmptySignature}
\`\`\`

With OpenSSL, vector 1 prints the digest after \`v2=\`:

\`\`\`sh
BODY_HASH=$(printf '%s' '${v.exampleBody}' | openssl dgst -sha256 | sed 's/^.*= //')
printf 'v2\\n%s\\n%s\\n%s\\n%s' '${v.v2Method}' '${v.v2Target}' '${v.v2Timestamp}' "$BODY_HASH" | openssl dgst -sha256 -hmac '${v.exampleSecret}'
\`\`\`

### v2 with curl and OpenSSL

\`\`\`sh
RESELLER_URL='${v.baseUrl}'
API_KEY='rsk_your_key_here'
SIGNING_SECRET='your 64-character signing secret'

METHOD=POST
URL="$RESELLER_URL/customers"
BODY='{"externalCustomerId":"cust-2002","externalCustomerEmail":"grace@example.com"}'
# The path and query as sent: the URL without its scheme and host.
TARGET=$(printf '%s' "$URL" | sed -E 's#^[A-Za-z]+://[^/]+##')
TS=$(date +%s)000
BODY_HASH=$(printf '%s' "$BODY" | openssl dgst -sha256 | sed 's/^.*= //')
SIG=$(printf 'v2\\n%s\\n%s\\n%s\\n%s' "$METHOD" "$TARGET" "$TS" "$BODY_HASH" | openssl dgst -sha256 -hmac "$SIGNING_SECRET" | sed 's/^.*= //')
curl -sS -X "$METHOD" "$URL" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "X-Reseller-Timestamp: $TS" \\
  -H "X-Reseller-Signature: v2=$SIG" \\
  --data-raw "$BODY"
\`\`\`

(\`date +%s\` followed by \`000\` is a millisecond timestamp on every system; two identical requests in
the same second need a real millisecond clock, e.g. GNU \`date +%s%3N\`.)

### v2 with Node.js (18 or later)

\`\`\`js
import { createHash, createHmac } from "node:crypto";

const RESELLER_URL = "${v.baseUrl}";
const API_KEY = "rsk_your_key_here";
const SIGNING_SECRET = "your 64-character signing secret";

// content = "v2\\n<METHOD>\\n<path?query>\\n<timestamp>\\n<hex sha256 of the exact body>"
function signV2(method, target, timestamp, rawBody) {
  const bodyHash = createHash("sha256").update(rawBody).digest("hex");
  const content = ["v2", method, target, timestamp, bodyHash].join("\\n");
  return "v2=" + createHmac("sha256", SIGNING_SECRET).update(content).digest("hex");
}

async function sendV2(method, path, payload) {
  const url = new URL(RESELLER_URL + path);
  const body = payload === undefined ? "" : JSON.stringify(payload);
  const headers = { Authorization: \`Bearer \${API_KEY}\` };
  if (body) headers["Content-Type"] = "application/json";
  if (method !== "GET") {
    const timestamp = String(Date.now()); // milliseconds
    headers["X-Reseller-Timestamp"] = timestamp;
    headers["X-Reseller-Signature"] = signV2(method, url.pathname + url.search, timestamp, body);
  }
  const res = await fetch(url, { method, headers, body: body || undefined });
  return { status: res.status, body: await res.json() };
}

console.log(JSON.stringify(await sendV2("POST", "/customers", { externalCustomerId: "cust-2003", externalCustomerEmail: "alan@example.com" })));
\`\`\`

### v2 with Python 3 (standard library)

\`\`\`python
import hashlib, hmac, json, time, urllib.error, urllib.request
from urllib.parse import urlsplit

RESELLER_URL = "${v.baseUrl}"
API_KEY = "rsk_your_key_here"
SIGNING_SECRET = "your 64-character signing secret"

def sign_v2(method, target, timestamp, raw_body):
    # content = "v2\\n<METHOD>\\n<path?query>\\n<timestamp>\\n<hex sha256 of the exact body>"
    body_hash = hashlib.sha256(raw_body).hexdigest()
    content = "\\n".join(["v2", method, target, timestamp, body_hash])
    return "v2=" + hmac.new(SIGNING_SECRET.encode(), content.encode(), hashlib.sha256).hexdigest()

def send_v2(method, path, payload=None):
    url = RESELLER_URL + path
    parts = urlsplit(url)
    target = parts.path + ("?" + parts.query if parts.query else "")
    body = b"" if payload is None else json.dumps(payload).encode()
    headers = {"Authorization": "Bearer " + API_KEY}
    if body:
        headers["Content-Type"] = "application/json"
    if method != "GET":
        timestamp = str(time.time_ns() // 1_000_000)  # milliseconds
        headers["X-Reseller-Timestamp"] = timestamp
        headers["X-Reseller-Signature"] = sign_v2(method, target, timestamp, body)
    request = urllib.request.Request(url, data=body or None, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request) as res:
            return res.status, json.load(res)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)

status, answer = send_v2("POST", "/customers", {"externalCustomerId": "cust-2004", "externalCustomerEmail": "edsger@example.com"})
print(json.dumps({"status": status, "body": answer}))
\`\`\`

## Requests

- Bodies are JSON with \`Content-Type: application/json\`; a body with another content type is a
  validation error. Request bodies are limited to 1 MB (1,048,576 bytes): more is
  \`413 {"success": false, "error": "Request body too large"}\`, decided while the body streams in.
- Fields an endpoint does not know are ignored.
- Ids in paths are UUIDs: anything else is a validation error naming the parameter.
- Out-of-range query values (\`limit\`, \`offset\`, \`page\`, an unknown \`status\` on \`GET /orders\`) are a
  validation error naming the field; \`GET /services?status=\` matches literally (unknown value: empty page).
- Unknown path: \`404\`; known path, other method: \`405\` with an \`Allow\` header.

## Answers and errors

| Case | Shape |
|---|---|
| Success | \`{"success": true, "data": …, "message"?: "…"}\`; lists add \`pagination\`; \`GET /products\` and \`GET /products/{id}\` add \`currency\` |
| Refusal | \`{"success": false, "error": "<sentence>"}\` (platform errors also carry \`message\`, the same text) |
| Validation (400) | \`{"success": false, "error": {"message": "Validation failed", "details": [{"field": "…", "message": "…"}]}}\` |
| Feature gate (403) | \`{"error": "Feature not available", "message": "…", "code": "FEATURE_DISABLED"}\` — the reseller programme (or a module) is switched off |

\`message\` sits in the envelope beside \`data\`; \`idempotent: true\` sits inside \`data\`. Not found and not
yours are never distinguished: both are \`404\`.

## Pagination

- \`GET /orders\`: \`?limit=\` 1-200 (default 50) and \`?offset=\` ≥ 0; \`pagination: {total, limit, offset, hasMore}\`.
- \`GET /services\` (default \`limit\` 20) and \`GET /customers\` (\`limit\` at most 100, default 20):
  \`?page=\` from 1; \`pagination: {page, limit, total, totalPages}\`.

## Limits

- **Rate window**: a sliding hour per key, also counted against a reseller-wide ceiling (the programme's
  account limit, or the one the supplier set for your profile). A key may carry its own hourly limit, which
  only ever lowers it. Every authenticated request counts, refused ones included (a \`403\`, a \`401\` for a
  bad signature, a \`400\`, a \`429\`); requests without a valid key do not. Every authenticated answer
  carries, for whichever window — the key's or the reseller's — has fewer requests left:
  - \`X-RateLimit-Limit\`: that window's hourly limit;
  - \`X-RateLimit-Remaining\`: requests left in it after this one;
  - \`X-RateLimit-Used\`: requests in it over the last hour, this one and refused ones included;
  - \`X-RateLimit-Reset\`: always one hour from now (unix seconds), as the contract has it; when refused,
    wait for \`Retry-After\` instead.

  Past either limit: \`429 {"success": false, "error": "Rate limit exceeded"}\` with \`Retry-After\`: the
  seconds until enough of the oldest requests have left the window for one more. The window moves a minute
  at a time: a request is counted from its minute on, for at least 60 and at most 61 minutes, so no 60
  minutes ever hold more than the limit. The counters are kept in the platform's database, shared by every
  server, and survive restarts and deploys.
- Request bodies 1 MB; order \`quantity\` 1-100; \`options\` at most 50; \`externalOrderId\` 100 characters;
  \`externalCustomerId\` 100 characters on \`POST /customers\`; timestamp skew 300 s.

## Orders

- Prices are money as an order charges it: \`GET /products\` shows each figure rounded once to the currency's
  minor unit (2 places in EUR), half-up, and \`POST /orders\` charges exactly those figures (their sum, plus
  VAT). An hourly price keeps 4 places; later hours are charged from your credit, summed before they are
  rounded, so the hours of a service cost its hourly price × hours, rounded once.
- \`POST /orders\` is quoted at your wholesale price and collected in the programme's payment mode:
  \`credit\` (debited from your balance in the supplier's base currency; a shortfall is
  \`400 Insufficient credit balance: the order costs X and the balance is Y\` and nothing is written),
  \`invoice\` (an unpaid invoice, or a proforma with \`invoiceId: null\` and its number in \`message\`;
  services wait in \`pending_payment\`), or \`saved_method\` (your default card or \`paymentMethodId\`).
- \`201\` means the order exists: read \`data.status\` (\`paid\`, \`invoiced\`, \`payment_failed\` with the card's
  reason in \`message\`). Retry a \`payment_failed\` order with \`POST /orders/{orderId}/retry\`: it charges the
  amount quoted at order time, never re-converted.
- \`502\` (\`data.status: provisioning_failed\`): the charge went through but the services could not be
  created. Do not retry; quote \`data.orderId\` to the supplier.
- Every refusal (validation, cycle, location, options, OS image, \`user_data\`, minimum, cap, capacity)
  comes before any charge.
- A product of a kind the platform cannot build yet (today IP transit and colocation) is
  listed but not orderable: \`409\` with a sentence such as \`IP transit products cannot be ordered yet:
  no backend builds them\`; its \`locationPricing\` entries read \`available: false\`.
- \`GET /orders\` also lists orders placed on the customer panel's **Order** page by your own account
  (\`payment_mode: storefront\`, no \`external_order_id\`); retrying them answers \`409\`.

## Idempotency

- \`POST /orders\`: always send \`externalOrderId\` (unique per reseller). A repeat answers \`200\` with
  \`data.idempotent: true\` and charges nothing again; concurrent creates with one id make one order.
- \`POST /customers\` is idempotent on \`externalCustomerId\`: always \`200\`; an existing record is returned
  unchanged.
- \`PUT /services/{id}/options\` accepts \`externalReference\` (90 characters): it names one change for
  life, paid or not. Every later or concurrent call with it answers that change with \`data.idempotent: true\`
  and charges nothing; only the call that applied the change answers without it.

## Customer records

Bookkeeping only (external id, optional email and name, free \`metadata\`); they create no login.
\`PUT /customers/{id}\` changes only the fields you send (\`null\` clears email or name) and replaces
\`metadata\` wholesale. \`DELETE /customers/{id}\` is refused with
\`400 Cannot delete a customer with N non-terminated service(s); terminate them first\` while any
service attributed to it is neither \`terminated\` nor \`cancelled\`; after deletion, orders and services
keep their history with the customer fields emptied, and keys bound to the customer are revoked.

## Services

A paid order's services start \`pending\`, become \`installing\` once the machine is being built and
\`active\` when it is up (\`service.provisioned\`), or \`provisioning_failed\` with the order's
\`provisioning_error\` (\`service.provisioning_failed\` with \`serviceId\`, \`provisioningError\`, \`stage\`).
\`serverIp\`, \`serverPort\` and \`serverLocation\` are \`null\` until the service has a machine.

- Power, reinstall and password are asynchronous: the answer means accepted. Native VPS answers carry a
  \`jobId\`; poll \`GET /services/{id}\` or the capabilities.
- Native VPS reinstall and password reset need \`password\` (8+; a validation \`400\` before anything
  is looked up). Dedicated ignores a sent password: reinstall installs your SSH keys, password reset
  answers a generated \`data.password\` once. A dedicated image not linked to the product is \`404\`.
- \`POST /services/{id}/suspend\` needs an \`active\` service (else \`409\`); unsuspend needs a
  \`suspended\` one (else \`409\`); a terminated service refuses every control with \`403\`, suspend and
  unsuspend included. \`DELETE /services/{id}\` again answers \`alreadyTerminated: true\`.
- A suspended service refuses \`start\`, reinstall and password reset (\`403\`) and still accepts
  \`stop\`, \`restart\` and OS templates. Suspending stops the machine; unsuspending starts it.
- Before the machine exists a control answers \`404 No VPS instance is linked to this service yet\`;
  while it is being built, \`409 The server is still being built\`.
- Backups of a native VPS are disk snapshots. They need an \`active\` service: a suspended one refuses
  even the list (\`403\`). A plan without snapshots lists with \`max: 0\`; taking one is \`403\`. A restore needs \`{"confirm": "<the backup's name>"}\` (else \`400\`) and destroys
  newer backups. One disk job (backup, restore, capture, reinstall) runs per VM at a time: another is
  \`409\`. Without a name a backup is called \`backup-YYYYMMDD-HHMMSS\` (UTC).
- \`POST /services/{id}/capture\` answers \`202\` with an image \`capturing\`; poll \`GET /images\` every
  15-30 s until \`available\` (or \`error\`). The server keeps running. An image still capturing cannot
  be deleted (\`409\`).
- \`GET /services/{id}/document\` carries every required key and exactly one kind section (none for
  \`generic\`); draw a panel only when its \`features\` flag is true (all false once terminated).
- Dedicated password reset rebuilds the server: \`data.password\` is shown once, \`data.method\` is
  \`automated\`. Rescue answers the rescue system's one-time password in \`data.rescuePassword\`.
- SSH keys attached to a dedicated server are installed on its next reinstall, besides the account's keys.
- \`PUT /services/{id}/transit-config\` \`routeType\`: \`full\`, \`default\` or \`partial\`.
- Native VPS stats keep no history yet: \`collecting\` is true and \`series\` empty; any figure the guest
  cannot report is \`null\`, never \`0\`.

## Consoles

- \`GET /services/{id}/console\` and \`POST /services/{id}/console-session\` mint a one-shot session:
  open a websocket to \`origin + wsPath + ?token=<token>\` (VPS: \`websocketUrl\`, dedicated:
  \`launch_endpoint\`) within 5 minutes; a token is served once, a second dial is refused. The
  stream speaks RFB 3.8 (noVNC); answer the VNC challenge with \`rfbPassword\`. It closes after 8
  hours at most, or when the service is suspended or terminated. \`POST .../console-session\`
  accepts \`{"channel": "serial"}\` on a VPS for the text console (xterm).
- Refusals, in this order: no backend \`400\`; suspended or terminated \`403\`; console switched off
  for the product \`403\`; dedicated server without a management controller \`400\`; VM stopped or
  without a display yet \`409\`. A dedicated server whose controller shows no console now answers
  \`GET .../console\` with \`200\`, \`available: false\` and \`reason\`, and no session.
- Console-cast links (\`POST .../console-cast\`) can be created whatever the power state: the page
  \`/cast/<ticket>\` says "waiting for display" until the machine shows one. The \`url\` is shown once.
  An unknown, expired or revoked link, or one whose service is terminated, gives the same \`404\` page.
  Revoking closes the link's open viewers within seconds. \`GET .../console-cast\` lists live links
  (\`pending\` or \`open\`).
- A terminated service's capabilities are all \`false\` with \`powerActions: []\`; \`backend\` is still named.

${renderWebhookGuideSection(v.baseUrl)}
## Rules that settle ambiguities

- The HMAC key is the signing secret's 64 characters as text; webhooks use the same key.
- A body-less request may be signed over \`<ts>.\` or \`<ts>.{}\` (without a timestamp: the empty string
  or \`{}\`).
- A signature header not of the form \`hmac-sha256=<value>\` is \`400 Invalid signature format\`; a value
  that is not 64 lowercase hex characters, or does not match, is \`401 Invalid signature\`. The one other
  form accepted is [signature v2](#signature-v2) (\`v2=<value>\`), beyond the contract.
- Bodies over 1,048,576 bytes are \`413\` before any authentication work.
- Order of checks: body size (413), authentication (401), scope (403), signature (401/400), rate limit
  (429), validation (400), look-ups (404), state and business rules (409, 400, 402).
- Customer deletion counts services that are neither \`terminated\` nor \`cancelled\`.
- \`PUT /account/webhook {"webhookUrl": null}\` clears the webhook URL; a host that does not resolve is
  \`400 Webhook URL host could not be resolved\` at submission and a failed attempt at delivery.
- Webhook deliveries are attempted 20 times by default (60 s doubling, capped at one hour: about
  fifteen hours), not 5; the supplier can change the number.
`;
}

/** The values of the v2 section: both vectors' content and signature. */
function v2Example() {
  const e = GUIDE_V2_EXAMPLE;
  const one = { method: e.method, target: e.target, timestamp: e.timestamp, body: e.body };
  const two = { method: e.emptyMethod, target: e.emptyTarget, timestamp: e.timestamp, body: "" };
  return {
    v2Method: e.method,
    v2Target: e.target,
    v2Timestamp: e.timestamp,
    v2Content: resellerSignatureV2Content(one),
    v2Signature: signResellerRequestV2({ signingSecret: e.secret, ...one }),
    v2EmptyMethod: e.emptyMethod,
    v2EmptyTarget: e.emptyTarget,
    v2EmptyContent: resellerSignatureV2Content(two),
    v2EmptySignature: signResellerRequestV2({ signingSecret: e.secret, ...two }),
  };
}
