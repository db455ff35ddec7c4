import { CUSTOMER_API_KEY_SCOPES } from "@/lib/api-keys/customer-api-key-scopes";
import type { AnyEndpoint, ApiDescription } from "../define-endpoint";
import { COOLDOWN_BUCKETS, describeCooldown } from "@/lib/cooldowns/cooldown-buckets";
import { cooldownRefusal } from "@/lib/cooldowns/reserve-cooldown";
import { ApiError, apiErrorFromDomain } from "../api-error";
import { buildOpenApiDocument, sampleRefusal, type JsonSchema } from "../openapi/build-openapi";
import { customerErrorBody } from "./envelope";
import { CUSTOMER_SCOPE_DESCRIPTIONS } from "./scope-descriptions";

const DESCRIPTION = `Manage what your account owns — services, orders, invoices, projects — with an API key from the customer panel's API keys page.

Beta: endpoints and response shapes may still change before the stable release; changes are announced in the usage guide (guide.md). Ignore fields you do not know.

Authenticate with \`Authorization: Bearer rfk_<8 hex>_<96 hex>\`. Every GET needs the \`read\` scope; mutations name theirs (x-scope). Answers are \`{"success": true, "data": …}\`; refusals \`{"success": false, "error", "code", "details"?}\`.
Every authenticated answer carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (unix seconds) for the key's hourly window; every authenticated request counts, refused ones included. Actions with a cool-down name its bucket in x-cooldown; a 429 carries \`Retry-After\`.`;

/** An endpoint's cool-down in words: "10 per minute per user and resource". */
export function cooldownInWords(e: AnyEndpoint): string | null {
  if (!e.cooldown) return null;
  return `${describeCooldown(COOLDOWN_BUCKETS[e.cooldown.bucket])} ${e.cooldown.resourceParam ? "per user and resource" : "per user"}`;
}

function errorExample(status: string, e: AnyEndpoint): unknown {
  if (e.scope === null) return customerErrorBody(new ApiError(403, "FEATURE_DISABLED", "The customer API is switched off on this platform"));
  if (status === "429") {
    const refusal = e.cooldown
      ? apiErrorFromDomain(cooldownRefusal(COOLDOWN_BUCKETS[e.cooldown.bucket], 42))
      : new ApiError(429, "RATE_LIMITED", "Hourly request limit of 1000 for this API key reached; try again in 1800 seconds");
    return customerErrorBody(refusal);
  }
  return customerErrorBody(sampleRefusal(status, e));
}

/** The customer API's OpenAPI document (version 1.0.0, beta; docs/decisions.md#d23). */
export function buildCustomerOpenApi(api: ApiDescription, baseUrl: string): JsonSchema {
  return buildOpenApiDocument(api, {
    serverUrl: baseUrl,
    description: DESCRIPTION,
    info: { "x-status": "beta" },
    securitySchemes: {
      apiKey: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "rfk_<8 hex>_<96 hex>",
        description: `Scopes: ${CUSTOMER_API_KEY_SCOPES.map((s) => `${s} — ${CUSTOMER_SCOPE_DESCRIPTIONS[s]}`).join("; ")}.`,
      },
    },
    security: [{ apiKey: [] }],
    successEnvelope: (data) => ({
      type: "object",
      required: ["success", "data"],
      properties: { success: { const: true }, data, message: { type: "string" }, pagination: { type: "object" } },
    }),
    errorSchema: {
      type: "object",
      required: ["success", "error", "code"],
      properties: {
        success: { const: false },
        error: { type: "string", description: "Human-readable sentence" },
        code: { type: "string", description: "Machine-readable code, e.g. BAD_REQUEST, UNAUTHORIZED, SCOPE_REQUIRED, NOT_FOUND" },
        details: {
          type: "array",
          items: { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } },
        },
        scope: { type: "string", description: "The missing scope (SCOPE_REQUIRED only)" },
        retry_after_seconds: { type: "integer", description: "Seconds until the cool-down lets the action through (ACTION_RATE_LIMITED only)" },
      },
    },
    errorResponses: (e) => ({
      "400": "BAD_REQUEST (invalid input, malformed id), INVALID_JSON, UNKNOWN_PROJECT",
      "401": "UNAUTHORIZED: missing, malformed, unknown, expired or revoked key",
      "403": "SCOPE_REQUIRED, FORBIDDEN (permissions, IP allowlist), ACCOUNT_SUSPENDED, PROJECT_SCOPE_MISMATCH, FEATURE_DISABLED",
      ...(e.paramNames.length ? { "404": "NOT_FOUND: absent or not yours (never distinguished)" } : {}),
      ...(e.method !== "GET" ? { "413": "PAYLOAD_TOO_LARGE: body over 1 MB" } : {}),
      "429": `RATE_LIMITED: the key's hourly window is used up (Retry-After)${
        e.cooldown ? `; ACTION_RATE_LIMITED: ${cooldownInWords(e)} (retry_after_seconds)` : ""
      }`,
    }),
    errorExample,
    extraParameters: () => [
      {
        name: "X-Project-Id",
        in: "header",
        required: false,
        description: "Narrow an unbound key to one project (id or slug) for this request",
        schema: { type: "string" },
      },
      { name: "project", in: "query", required: false, description: "Same as X-Project-Id (the header wins)", schema: { type: "string" } },
    ],
    operationExtensions: (e) => ({
      ...(e.scope ? { "x-scope": e.scope } : {}),
      ...(e.cooldown
        ? {
            "x-cooldown": {
              bucket: e.cooldown.bucket,
              max: COOLDOWN_BUCKETS[e.cooldown.bucket].max,
              windowSeconds: COOLDOWN_BUCKETS[e.cooldown.bucket].windowSeconds,
              resource: e.cooldown.resourceParam,
              description: cooldownInWords(e),
            },
          }
        : {}),
    }),
  });
}
