import { ApiError } from "../api-error";
import type { AnyEndpoint, ApiDescription } from "../define-endpoint";
import { buildOpenApiDocument, sampleRefusal, type JsonSchema } from "../openapi/build-openapi";
import { resellerErrorBody } from "./envelope";
import { MAX_BODY_BYTES } from "../read-body";

const DESCRIPTION = `Buy, provision and manage services at wholesale from your own platform.

Authenticate with \`Authorization: Bearer rsk_<8>_<64>\`. Every POST, PUT, PATCH and DELETE is signed: \`X-Reseller-Signature: hmac-sha256=<hex>\` over \`<X-Reseller-Timestamp>.<raw body>\` with your signing secret (its 64 characters as the HMAC key); see guide.md for the details and a worked example. Beyond the contract, signature v2 (\`X-Reseller-Signature: v2=<hex>\`) also binds the method, the path and query and a SHA-256 of the body, requires the timestamp and is accepted once; a key can be set to require it (guide.md, "Signature v2").

Every authenticated request counts against a sliding hour per key and one per reseller, refused ones included; answers carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\`, \`X-RateLimit-Used\` and \`X-RateLimit-Reset\` for whichever window has fewer requests left, and a 429 also \`Retry-After\`.

Answers are \`{"success": true, "data", "message"?}\`; refusals \`{"success": false, "error": "<sentence>"}\`, validation \`{"success": false, "error": {"message": "Validation failed", "details": [...]}}\`.`;

const details = {
  type: "array",
  items: { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } },
};

function errorExample(status: string, e: AnyEndpoint): unknown {
  if (e.scope === null) return resellerErrorBody(new ApiError(403, "FEATURE_DISABLED", "The reseller programme is not enabled on this platform"));
  if (status === "429") return resellerErrorBody(new ApiError(429, "RATE_LIMITED", "Rate limit exceeded"));
  return resellerErrorBody(sampleRefusal(status, e));
}

/** The reseller API's OpenAPI document (declares version 1). */
export function buildResellerOpenApi(api: ApiDescription, baseUrl: string): JsonSchema {
  return buildOpenApiDocument(api, {
    serverUrl: baseUrl,
    description: DESCRIPTION,
    securitySchemes: {
      apiKey: { type: "http", scheme: "bearer", bearerFormat: "rsk_<8 [A-Za-z0-9]>_<64 [A-Za-z0-9]>" },
    },
    security: [{ apiKey: [] }],
    successEnvelope: (data, e) => ({
      type: "object",
      required: ["success", "data"],
      properties: {
        success: { const: true },
        data,
        message: { type: "string" },
        ...(e.method === "GET" && (data as { type?: string }).type === "array" ? { pagination: { type: "object" } } : {}),
      },
    }),
    errorSchema: {
      oneOf: [
        {
          type: "object",
          required: ["success", "error"],
          properties: { success: { const: false }, error: { type: "string" }, message: { type: "string" } },
        },
        {
          type: "object",
          description: "Validation failed (400)",
          required: ["success", "error"],
          properties: {
            success: { const: false },
            error: { type: "object", required: ["message", "details"], properties: { message: { const: "Validation failed" }, details } },
          },
        },
        {
          type: "object",
          description: "Feature gate (403)",
          required: ["error", "message", "code"],
          properties: { error: { type: "string" }, message: { type: "string" }, code: { const: "FEATURE_DISABLED" } },
        },
      ],
    },
    errorResponses: (e) => ({
      "400": e.signed ? "Validation failed, Invalid signature format, Invalid X-Reseller-Timestamp, or a business rule" : "Validation failed",
      "401": `Missing or invalid Authorization header · Invalid API key format · Invalid API key${
        e.signed
          ? " · Request signature required… · Invalid signature · Request timestamp outside the allowed window · (signature v2 and key settings) A v2 signature requires the X-Reseller-Timestamp header · This signature has already been used… · This API key accepts only v2 signatures… · This API key requires the X-Reseller-Timestamp header on signed requests"
          : ""
      }`,
      "403": `API key is missing the required scope: ${e.scope} · Feature not available`,
      ...(e.paramNames.length ? { "404": "Not found (or not yours: never distinguished)" } : {}),
      ...(e.method !== "GET" ? { "413": `Request body too large (over ${(e.maxBodyBytes ?? MAX_BODY_BYTES).toLocaleString("en-US")} bytes)` } : {}),
      "429": "Rate limit exceeded (see the X-RateLimit-* headers and Retry-After)",
    }),
    errorExample,
    extraParameters: (e) =>
      e.signed
        ? [
            {
              name: "X-Reseller-Signature",
              in: "header",
              required: true,
              description:
                "hmac-sha256=<64 lowercase hex>: HMAC-SHA256 of `<timestamp>.<raw body>` (or the raw body alone) with the signing secret; or v2=<64 lowercase hex> over `v2\\n<METHOD>\\n<path?query>\\n<timestamp>\\n<hex SHA-256 of the raw body>` (guide.md, Signature v2)",
              schema: { type: "string", pattern: "^(hmac-sha256|v2)=[0-9a-f]{64}$" },
            },
            {
              name: "X-Reseller-Timestamp",
              in: "header",
              required: false,
              description:
                "Unix seconds (or milliseconds, above 10^11); within 300 s of the server clock. Recommended on every signed request; required with a v2 signature and on keys set to require it.",
              schema: { type: "string", pattern: "^[0-9]+$" },
            },
          ]
        : [],
    operationExtensions: (e) => ({ ...(e.scope ? { "x-scope": e.scope } : {}), "x-signed": e.signed }),
  });
}
