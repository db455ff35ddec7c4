// The Markdown usage guide served at /guide.md. Edit the text here; values in ${...} are filled in per request.

/** The customer API guide for clients of `baseUrl` (the API root, e.g. https://portal.example/v1). */
export function renderCustomerGuide(baseUrl: string): string {
  return `# Rackfront customer API — usage guide

Base URL: \`${baseUrl}\` · Reference: [\`/docs\`](${baseUrl}/docs) · Machine-readable: [\`/openapi.json\`](${baseUrl}/openapi.json)

The customer API lets you script what you do in the customer panel: services, orders, invoices and
projects, with the same permissions the panel enforces. It is **beta** (\`1.0.0\`): endpoints and
response shapes may still change before the stable release, and changes are announced in this guide.
**Ignore fields you do not know**; new ones are added without notice.

## Authentication

Create a key on the customer panel's **API keys** page (in the sidebar). The plaintext is shown once; the platform only
keeps a hash of it. Send it on every request:

\`\`\`sh
curl -s ${baseUrl}/ -H "Authorization: Bearer rfk_0123abcd_<96 hex characters>"
\`\`\`

- A key is \`rfk_\`, 8 lowercase hex characters, \`_\`, 96 lowercase hex characters. Anything else — a
  missing header, another scheme, a mistyped key, an expired or revoked key — answers
  \`401 UNAUTHORIZED\`.
- \`GET /\` tells you who the key is: user, account, key (label, scopes, bound project), the project
  scope of the request, rate limit and links. \`version\` is the string \`"1"\`.
- Keys cannot be created, changed or revoked through the API.

### Scopes

Chosen when the key is made; they cannot be widened later (make a new key).

| Scope | Unlocks |
|---|---|
| \`read\` | every GET (always included) |
| \`services\` | power, reinstall, password reset, snapshots, backups, plugin actions, SSH keys, withdrawing a cancellation |
| \`orders\` | orders, add-ons, upgrades |
| \`billing\` | paying invoices and proformas from credit, renewals |
| \`destructive\` | cancelling services and add-ons |

A key without the scope an endpoint needs gets
\`403 {"success": false, "error": "API key is missing the required scope: billing", "code": "SCOPE_REQUIRED", "scope": "billing"}\` —
the missing scope is in the top-level \`scope\` field.

### Team members

A key made by a team member is also limited by that member's **current** account permissions, checked
on every request: if the owner takes a permission away, the key loses what it allowed at once
(\`403 FORBIDDEN\`). The owner's keys are not limited. Credit balances are per user: a member's
\`credit_balance\` is that of the account they own themselves (0 if none).

What a member's key may read is what the panel shows them: services, \`/vps\`, \`/dedicated\`, custom
images, add-ons, upgrades, orders and projects need \`services.view\` (or \`services.power\` /
\`services.manage\`, which imply it); invoices and proformas need \`invoices.view\`;
\`/account/usage\` needs both; the profile, the catalogue, SSH keys and the member's own credit need no
particular permission. A \`read\` key alone does not widen this.

### IP allowlists

A key may carry an IP allowlist (addresses and CIDR blocks). A request from elsewhere is
\`403 FORBIDDEN\`. The platform uses the address of the connection it receives, not an
\`X-Forwarded-For\` header you send; if it cannot determine the address, a key with an allowlist is
refused rather than let through.

### Suspended accounts

A suspended account can still read; every other method answers \`403 ACCOUNT_SUSPENDED\`.

### Projects

Every account has a \`default\` project; projects are a visibility boundary, not a billing one.

- A key may be **bound** to a project for life: it only sees that project.
- An unbound key narrows one request with the header \`X-Project-Id: <id or slug>\` (or the query
  parameter \`?project=\`; the header wins when both are sent).
- A bound key naming another project → \`403 PROJECT_SCOPE_MISMATCH\`; a project that does not exist in
  your account → \`400 UNKNOWN_PROJECT\`. Resources outside the project answer \`404\`.
- Manage them with \`/projects\`: create \`{name, slug}\` (slug from the name when left out; unique per
  account, else \`409\`), rename or change slug, description, colour with \`PATCH\` (the \`default\`
  project keeps its name and slug), move services with \`POST /projects/{id}/move {services: [ids]}\`
  (ids you cannot see come back in \`skipped\`) or \`PATCH /services/{id} {projectId}\` (\`null\` = default).
- \`DELETE /projects/{id}\` answers \`409\` with a count while the project holds services or SSH keys;
  \`?reassignTo=<id|slug>\` moves them first. API keys bound to it must be revoked first (\`409\`).
- A bound key cannot create, rename, delete or move projects (\`403 FORBIDDEN\`).

### SSH keys

\`POST /ssh-keys {name?, publicKey, projectId?}\` saves one OpenSSH public key line (ed25519, RSA of
2048 bits or more, ECDSA); \`fingerprint\` is \`SHA256:…\` as \`ssh-keygen -l\` prints it. The same key
twice in one account, or two keys of one name in one project, answer \`409\`. Projects group keys for
management only: a server (re)installed receives every key of the account.

## Requests

- Bodies are JSON: send \`Content-Type: application/json\`. A body sent with another content type is
  refused \`400 BAD_REQUEST\` (\`details: [{"field": "Content-Type"}]\`); a body that is not valid JSON is
  \`400 INVALID_JSON\`. An empty body counts as \`{}\`.
- Fields the endpoint does not know are ignored.
- Request bodies are limited to **1 MB** (1,048,576 bytes): more is \`413 PAYLOAD_TOO_LARGE\`.
- Ids in paths are UUIDs; anything else is \`400 BAD_REQUEST\` with \`details: [{"field": "id", ...}]\`.
- An unknown path is \`404 NOT_FOUND\`; a known path with another method is \`405 METHOD_NOT_ALLOWED\`
  with an \`Allow\` header.

## Answers and errors

Every success is \`{"success": true, "data": ...}\` — lists too — with \`message\` or \`pagination\` beside
\`data\` where an endpoint documents them. Every refusal is:

\`\`\`json
{ "success": false, "error": "a sentence for people", "code": "MACHINE_CODE", "details": [{ "field": "name", "message": "Required" }] }
\`\`\`

Branch on \`code\` and the HTTP status, never on \`error\`.

| HTTP | \`code\` | Meaning |
|---|---|---|
| 400 | \`BAD_REQUEST\` | invalid input (with \`details\`), malformed id, action does not apply |
| 400 | \`INVALID_JSON\` | the body is not valid JSON |
| 400 | \`UNKNOWN_PROJECT\` | unknown project filter |
| 400 | \`ACTION_UNKNOWN\` | the provider does not implement that action |
| 401 | \`UNAUTHORIZED\` | missing, malformed, unknown, expired or revoked key |
| 403 | \`SCOPE_REQUIRED\` | the key lacks the scope named in \`scope\` |
| 403 | \`FORBIDDEN\` | account permission, IP allowlist, service state |
| 403 | \`PERMISSION_DENIED\` | account permission, on \`POST /services/{id}/actions/{action}\` only |
| 403 | \`ACTION_NOT_ALLOWED\` | the provider does not offer that action to customers |
| 403 | \`ACCOUNT_SUSPENDED\` | suspended accounts are read-only |
| 403 | \`PROJECT_SCOPE_MISMATCH\` | a bound key named another project |
| 403 | \`FEATURE_DISABLED\` | the operator switched the API (every route, these docs included) or a module off (\`/dedicated/*\`; \`/vps/{id}/snapshots*\` with native VPS off — the other \`/vps\` routes answer \`403 FORBIDDEN\` \`The VPS module is not available\`) |
| 404 | \`NOT_FOUND\` | absent or not yours: the two are never distinguished |
| 405 | \`METHOD_NOT_ALLOWED\` | see the \`Allow\` header |
| 409 | \`CONFLICT\` and others | state conflicts |
| 413 | \`PAYLOAD_TOO_LARGE\` | body over 1 MB |
| 429 | \`RATE_LIMITED\`, \`ACTION_RATE_LIMITED\` | wait for \`Retry-After\` seconds |
| 5xx | \`INTERNAL_ERROR\`, \`PROVIDER_ERROR\`, … | platform or provider failure |

Retry 5xx and 429 answers, except on calls that move money (\`/pay\`, \`/orders\`, \`/options\`,
\`/upgrades\`): read the resource first, then decide. Never retry a 4xx blindly.

## Pagination

\`?page=\` from 1 and \`?limit=\` up to 200 (larger values are clamped to 200, not refused).

- \`/services\`, \`/invoices\`, \`/proformas\`, \`/orders\`: \`data\` is an object holding the list under the
  resource's plural name and \`pagination: {page, limit, total, pages}\` (\`/orders\` omits \`pages\`).
  Default \`limit\` 20.
- \`/vps\`, \`/dedicated\`: \`data\` is the array and \`pagination\` sits beside it. Default \`limit\` 50.
- \`/account/transactions\`: \`data\` is the array and \`pagination: {page, limit, total, totalPages}\` sits
  beside it. Default \`limit\` 20.
- Other lists (\`/projects\`, \`/ssh-keys\`, \`/custom-images\`): \`data\` is the array.

## Limits

- **Hourly request window** per key: default 1000 requests per hour, set by the operator and the same for
  every key. Every request made with a valid key counts, refused ones included (a \`403\`, a \`400\`, a
  \`429\`); requests without a valid key (\`401\`) do not. The window is a fixed hour that starts at a
  minute and second of its own for each key; when it ends the count starts again from zero. Every answer
  to a request with a valid key carries:
  - \`X-RateLimit-Limit\`: requests allowed per hour;
  - \`X-RateLimit-Remaining\`: requests left in this hour, after this one;
  - \`X-RateLimit-Reset\`: when the hour ends (unix seconds).

  \`GET /\` reports the same figures in \`rate_limit: {limit, remaining, reset}\` (the identity request
  itself counts). Past the limit: \`429 {"success": false, "error": "…", "code": "RATE_LIMITED"}\` with
  \`Retry-After\` (seconds until the hour ends). The counters are kept in the platform's database: they
  are shared by every server and survive restarts and deploys.
- **Cool-downs** per user and resource (the id in the path; per user alone for orders), on top of the
  hourly window. Only accepted (\`2xx\`) calls consume them; a refused or failed call gives its turn back,
  except a dedicated power action the controller did not complete (\`424\`, or \`503 PROVIDER_ERROR\` on
  \`/services/{id}/actions/{action}\`), which still counts. One server has one counter per action kind,
  whichever route is used (\`/services/{id}/…\`, \`/vps/{id}/…\`, \`/dedicated/{id}/…\`, the panel).
  A replay of an order's idempotency key neither consumes the orders cool-down nor is refused by it: a
  retry with a used key gets its order even when the cool-down refuses new ones.

  | Action | Allowed |
  |---|---|
  | power actions (VPS and dedicated) | 10 per minute |
  | reinstall (VPS and dedicated) | 1 per 5 minutes |
  | password reset (VPS and dedicated) | 1 per 10 minutes |
  | renewal | 1 per 10 minutes |
  | cancellation | 5 per minute |
  | orders | 30 per 15 minutes |
  | credit payments | 10 per minute |

  Too soon: \`429 {"success": false, "error": "…", "code": "ACTION_RATE_LIMITED", "retry_after_seconds": 240}\`
  with the same number in \`Retry-After\`. A dedicated power call the server's controller failed
  (\`424 PROVIDER_ERROR\`) still counts. While one call is being carried out its turn is taken, so a
  second call sent at the same moment is refused even if the first then fails: retry after
  \`Retry-After\`.
- \`user_data\` up to 64 KB; passwords 8 characters or more.

## Idempotency

\`POST /orders\` accepts an idempotency key (body \`idempotencyKey\` or header \`Idempotency-Key\`). The first
call answers \`201\`; every replay with the same key answers \`200\` with \`data.idempotent: true\` and the
order as it is now. One key is one order for its life: a replay with a different body still returns the
first order. Concurrent calls with one key create one order. Always send a key on orders, and reuse it
when you retry.
Sending both the body field and the header with different values is refused with \`400\`.

## Dedicated servers

- Power verbs are \`on\`, \`off\`, \`restart\` (\`start\`, \`stop\`, \`reboot\` accepted), in the path or as
  \`{"action": …}\`. The answer means accepted: poll \`GET /dedicated/{id}/power-status\`.
- \`POST /dedicated/{id}/password\` rebuilds the server with its installed image and erases its data;
  send \`{"password": …}\` or let one be generated. \`data.password\` is shown once.
- Reinstall and password reset install every SSH key of your account. Follow them with
  \`GET /dedicated/{id}/provision-status\`.

## Orders

- One product: \`productId\`, \`billingCycle\`, \`hostname\`, \`location\`, \`configOptions\`, \`options[]\`,
  \`quantity\`; several: \`items[]\` with the same fields per item. \`projectId\` (id or slug) places the
  services in a project.
- An invoice (or, on platforms that issue proformas first, a proforma) is raised and the services wait
  in \`pending_payment\` until it is paid (\`POST /invoices/{id}/pay\` or \`/proformas/{id}/pay\`). Branch on
  \`data.settled\`, never on \`next_step\`.
- Hourly products are charged from credit for the first hour without a document and need the platform's
  minimum credit balance; they cannot share an order with other cycles.
- Everything is checked before anything is charged: hostname (RFC 1123), location, options, OS image
  (\`custom_image_id\` and \`os_image_id\` together → \`400\`), \`user_data\` (\`#!\` or \`#cloud-config\`, 64 KB),
  SSH keys, and whether the product can be built where you order it (\`409\` \`PRODUCT_UNAVAILABLE\`,
  \`NO_CAPACITY\`, \`LOCATION_SOLD_OUT\`, \`SOLD_OUT\`).
- A product of a kind the platform cannot build yet (today IP transit and colocation) is
  listed but not orderable: its availability is \`plan_disabled\` and an order answers \`409\`
  \`PRODUCT_UNAVAILABLE\` naming why (\`IP transit products cannot be ordered yet: no backend builds them\`).

## VPS actions

Power (\`/vps/{id}/start\`, \`/stop\`, \`/shutdown\`, \`/reboot\`, \`/restart\`, \`/power/{action}\`),
reinstall and password reset are asynchronous: a \`job_id\` means accepted. Poll \`GET /vps/{id}\` until
\`active_job\` is \`null\` (and \`os_installation_status\` is \`completed\` after a reinstall).
Checks run in this order: scope, account permission, billing state (suspended: only stop and restart;
terminated: nothing; \`403\`), capabilities (\`403\`), cool-down (\`429 ACTION_RATE_LIMITED\`), then the
hypervisor (\`404\` before a machine exists, \`409\` while it is being built, \`503\` unreachable). A build
that failed shows \`failure {code, message}\`.

\`POST /services/{id}/actions/{action}\` (body \`{params}\`, optional) runs a provider verb on any service
with a machine: \`start\`, \`stop\` (\`shutdown\`), \`restart\` (\`reboot\`), \`status\` (\`unknown\` when the
provider cannot be reached), \`stats\`, \`backups.list\` (native VPS: \`{backups: [], available: false}\`).
Same order of checks, except that an account permission refusal is \`403 PERMISSION_DENIED\` here;
power verbs need services.power or services.manage, reads services.view, other verbs services.manage.
A verb not offered to customers is \`403 ACTION_NOT_ALLOWED\`, one not implemented \`400 ACTION_UNKNOWN\`;
only power verbs use the power cool-down.

## Webhooks

The customer API sends no webhooks. Poll: snapshot create, restore and delete and image captures have no
event (snapshots every few seconds, captures every 15-30 s).

## Rules that settle ambiguities

- Every success is \`{"success": true, "data": ...}\`.
- \`SCOPE_REQUIRED\` names the missing scope in \`scope\` and in \`error\`.
- \`GET /\` reports \`"version": "1"\` (a string); \`/openapi.json\` declares \`1.0.0\` and marks the API beta.
- A product with \`location_required\` and no \`location\` → \`400 BAD_REQUEST\` with
  \`details [{"field": "location"}]\`; a location the product is not sold in → \`400 LOCATION_UNAVAILABLE\`
  naming the accepted values.
- \`GET /products/{id}/availability\` answers 200 for every product you can see; an unknown id is 404.
- The absent one of \`invoice\` / \`proforma\` in an order answer is \`null\`.
- Paying from credit: \`{}\` pays the whole outstanding amount. An amount over the outstanding balance is
  refused first (\`Amount exceeds the outstanding invoice balance\`, or \`… proforma balance\`), then a
  shortfall (\`Insufficient credit balance\`); nothing is partially paid unless \`amount\` asks for it.
  A document that is not unpaid is refused with \`Invoice cannot be paid: …\` / \`Proforma cannot be paid: …\`
  (for example \`it has already been converted to an invoice\`). Credit in another currency than the
  document's is not converted (\`Your credit is held in USD; this invoice is in EUR\`).
- A VPS's id is its service id: \`/vps/{id}\` and \`/services/{id}\` address the same service.
- Billing cycles are \`monthly\`, \`quarterly\`, \`semi-annually\`, \`annually\`, \`hourly\`. Hostnames follow
  RFC 1123.
- Snapshot names may not start with \`auto-\` or \`system-\` (any case).
- \`POST /custom-images\` registers an image by URL (\`{name, sourceUrl, sha256, osFamily?}\`; \`source_url\`,
  \`source_sha256\` and \`os_family\` are accepted as aliases, and one field sent both ways with different
  values is \`400\`): \`https://\` only, a public host (loopback, private,
  link-local and other non-public addresses are refused, also written as IPv4-mapped IPv6 or as a
  decimal number), \`sha256\` required (64 hex). The host is checked again when you order a VPS
  from the image. A registered image is \`available\` at once; a capture is \`capturing\` first.
- \`configOptions.custom_image_id\` replaces \`os_image_id\` (both → \`400\`). The image must be
  \`available\` and fit the plan's disk (else \`409\`); a VPS from a captured image is built in the
  location and on the host that stores it (another location or a full host → \`409\`).
- \`user_data\` must start with \`#!\` or \`#cloud-config\`, else \`400\` before any charge.
`;
}
