import { z } from "zod";
import { ApiError, validationError } from "../api-error";
import type { AnyEndpoint, ApiDescription } from "../define-endpoint";
import { issuesToDetails } from "../request-input";
import { exampleFromSchema } from "./example-from-schema";

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** What differs between the two APIs' documents. */
export interface OpenApiFlavour {
  serverUrl: string;
  description: string;
  /** Extra `info` fields, e.g. `x-status: beta`. */
  info?: Record<string, unknown>;
  securitySchemes: Record<string, JsonSchema>;
  /** Security requirement of an authenticated endpoint. */
  security: Record<string, string[]>[];
  /** Envelope of a success answer around the endpoint's `data` schema. */
  successEnvelope(data: JsonSchema, endpoint: AnyEndpoint): JsonSchema;
  /** Refusals the endpoint can answer with (status → description), besides the shared ones. */
  errorResponses(endpoint: AnyEndpoint): Record<string, string>;
  errorSchema: JsonSchema;
  /** The body the API answers a refusal with `status` on this endpoint (its envelope around a sample refusal). */
  errorExample(status: string, endpoint: AnyEndpoint): unknown;
  /** Headers or query parameters the pipeline reads on every authenticated endpoint. */
  extraParameters(endpoint: AnyEndpoint): OpenApiParameter[];
  /** `x-…` fields on each operation. */
  operationExtensions(endpoint: AnyEndpoint): Record<string, unknown>;
}

function removeAdditionalPropertiesFalse(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(removeAdditionalPropertiesFalse);
  if (node && typeof node === "object") {
    const obj = node as Record<string, unknown>;
    if (obj.additionalProperties === false) delete obj.additionalProperties;
    Object.values(obj).forEach(removeAdditionalPropertiesFalse);
  }
}

/**
 * JSON Schema (2020-12, what OpenAPI 3.1 uses) of a zod schema: the input side for requests
 * (defaults make fields optional), the output side for answers. Answers never forbid extra
 * properties: clients must ignore fields they do not know, and the API may add some.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  if (io === "output") removeAdditionalPropertiesFalse(out);
  return out;
}

function parametersOf(schema: z.ZodType | undefined, where: "path" | "query"): OpenApiParameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/**
 * A refusal each endpoint can meet, as the shared pipeline words it (lib/api/dispatch.ts and the
 * authenticators): what the error examples show unless an API has its own.
 */
export function sampleRefusal(status: string, endpoint: AnyEndpoint): ApiError {
  switch (status) {
    case "400": {
      const bodyIssues = endpoint.body?.safeParse({}).error?.issues;
      if (bodyIssues?.length) return validationError(issuesToDetails(bodyIssues, "body"));
      const paramIssues = endpoint.paramNames.length ? endpoint.params.safeParse({ [endpoint.paramNames[0]!]: "not-a-uuid" }).error?.issues : undefined;
      if (paramIssues?.length) return validationError(issuesToDetails(paramIssues, "params"));
      return new ApiError(400, "INVALID_JSON", "Request body is not valid JSON");
    }
    case "401":
      return new ApiError(401, "UNAUTHORIZED", "Invalid API key");
    case "403":
      return new ApiError(403, "SCOPE_REQUIRED", `API key is missing the required scope: ${endpoint.scope}`, { scope: endpoint.scope ?? undefined });
    case "404":
      return new ApiError(404, "NOT_FOUND", "Not found");
    case "413":
      return new ApiError(413, "PAYLOAD_TOO_LARGE", "Request body too large");
    default:
      return new ApiError(Number(status), "REFUSED", REASON[status] ?? "Refused");
  }
}

const REASON: Record<string, string> = {
  "400": "Bad request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not found",
  "405": "Method not allowed",
  "413": "Request body too large",
  "500": "Internal error",
};

function requestBodyOf(body: z.ZodType): JsonSchema {
  const schema = jsonSchemaOf(body, "input");
  return { required: true, content: { "application/json": { schema, example: exampleFromSchema(schema, { fields: "required" }) } } };
}

/** OpenAPI 3.1 document of an API, generated from its endpoint declarations alone. */
export function buildOpenApiDocument(api: ApiDescription, flavour: OpenApiFlavour): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const endpoint of api.endpoints) {
    tags.add(endpoint.tag);
    const isPublic = endpoint.scope === null;
    const parameters = [
      ...parametersOf(endpoint.paramNames.length ? endpoint.params : undefined, "path"),
      ...parametersOf(endpoint.query, "query"),
      ...(isPublic ? [] : flavour.extraParameters(endpoint)),
    ];
    const responses: Record<string, unknown> = {};
    if (endpoint.produces) {
      responses[String(endpoint.status)] = {
        description: "OK",
        content: {
          [endpoint.produces]: {
            schema: endpoint.produces === "application/json" ? { type: "object" } : { type: "string" },
            ...(endpoint.example !== undefined ? { example: endpoint.example } : {}),
          },
        },
      };
    } else {
      const data = endpoint.response ? jsonSchemaOf(endpoint.response, "output") : {};
      responses[String(endpoint.status)] = {
        description: "OK",
        content: {
          "application/json": { schema: flavour.successEnvelope(data, endpoint), example: { success: true, data: exampleFromSchema(data, { fields: "all" }) } },
        },
      };
    }
    const errors = isPublic ? { "403": "The operator switched the API off" } : flavour.errorResponses(endpoint);
    for (const [status, description] of Object.entries(errors)) {
      responses[status] = {
        description: description || REASON[status] || "Refused",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: flavour.errorExample(status, endpoint) } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(endpoint.body ? { requestBody: requestBodyOf(endpoint.body) } : {}),
      responses,
      security: isPublic ? [] : flavour.security,
      ...flavour.operationExtensions(endpoint),
    };
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: { title: api.title, version: api.version, description: flavour.description, ...flavour.info },
    servers: [{ url: flavour.serverUrl }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: { securitySchemes: flavour.securitySchemes, schemas: { Error: flavour.errorSchema } },
  };
}
