import type { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { getPlatformSwitches, type PlatformSwitches } from "@/lib/platform/platform-switches";
import { ApiError, API_ERROR_CODES, apiErrorFromDomain, validationError, type FieldIssue } from "./api-error";
import { PLATFORM_MODULES, type ApiDescription, type Endpoint, type HttpMethod } from "./define-endpoint";
import { countRequest, type RateLimitState, type RateLimitSubject } from "./rate-limit-hook";
import { reserveCooldown, type CooldownReservation } from "@/lib/cooldowns/reserve-cooldown";
import { apiBaseUrl, isMalformedHost } from "./public-base-url";
import { readBodyWithLimit } from "./read-body";
import { Reply } from "./reply";
import { depthViolation, findParamViolation, findQueryViolation, findTextViolation, type InputRuleViolation } from "./input-rule";
import { isJsonContentType, issuesToDetails, parseJson, queryObject } from "./request-input";
import { createRouteTable } from "./route-table";

export interface DispatchOptions {
  /** Defaults to the process database (`getDb()`). */
  db?: Db;
  /** Injected clock; defaults to the system clock. */
  clock?: () => Date;
  /**
   * The client's address as the caller knows it (socket address, or a header the server vouches
   * for: lib/api/client-ip.ts). Null/absent = unknown: keys with an IP allowlist are refused.
   */
  clientIp?: string | null;
  /** Check every answer's `data` against the endpoint's response schema (on under vitest). */
  checkResponses?: boolean;
  /**
   * The request's method when the Request cannot carry it: the Fetch standard refuses to build one
   * for CONNECT, TRACE and TRACK, so the fast path passes those here (they answer 405, docs/decisions.md#r10).
   */
  method?: string;
}

export interface StageContext {
  db: Db;
  now: Date;
  request: Request;
  url: URL;
  clientIp: string | null;
  /** The operator switches, read once per request however many stages ask. */
  switches(): Promise<PlatformSwitches>;
}

/** What an API plugs into the shared pipeline. */
export interface ApiSurface<Auth, Scope extends string> extends ApiDescription {
  endpoints: readonly Endpoint<Auth, Scope>[];
  /**
   * Where `ctx.switches()` comes from when the API reads the switches along with other rows (one
   * round trip); default: `getPlatformSwitches`.
   */
  readSwitches?(ctx: StageContext): Promise<PlatformSwitches>;
  /** The operator switched the whole API off: the refusal to send (checked first, docs included). */
  checkEnabled(ctx: StageContext): Promise<ApiError | null>;
  /** 401 unless the key is good; returns the tenant and actor. */
  authenticate(ctx: StageContext): Promise<Auth>;
  /** Scope (403) and account-level refusals, before the signature. */
  authorize(auth: Auth, endpoint: Endpoint<Auth, Scope>, ctx: StageContext): Promise<void>;
  /** Reseller API: signature of a signed endpoint over the raw body. */
  verifySignature?(auth: Auth, rawBody: Uint8Array, ctx: StageContext): Promise<void>;
  /** Who the rate limit counts the request against (and the limits the key and profile carry). */
  rateLimitSubject(auth: Auth): RateLimitSubject;
  /** Customer API: the user a cool-down is kept for (cool-downs are per user and resource). */
  cooldownActor?(auth: Auth): string;
  /** After the rate limit: per-request narrowing (customer projects). Query keys it consumes are in `reservedQuery`. */
  resolveRequestScope?(auth: Auth, endpoint: Endpoint<Auth, Scope>, ctx: StageContext): Promise<Auth>;
  reservedQuery?: readonly string[];
  /** Refusal for a module switched off (the endpoint too: an API may answer some of a module's routes differently). */
  moduleDisabled(label: string, endpoint: Endpoint<Auth, Scope>): ApiError;
  /** Refusal for a malformed path parameter. */
  paramError(details: FieldIssue[]): ApiError;
  serializeError(error: ApiError): Response;
  serializeSuccess(reply: Reply, endpoint: Endpoint<Auth, Scope>): Response;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return apiErrorFromDomain(error);
  console.error("rackfront api: unhandled error", error);
  return new ApiError(500, API_ERROR_CODES.internal, "Internal server error");
}

/** The status an error thrown by a handler will be answered with. */
function statusOf(error: unknown): number {
  if (error instanceof ApiError) return error.status;
  if (error instanceof DomainError) return apiErrorFromDomain(error).status;
  return 500;
}

function withHeaders(response: Response, headers: Record<string, string> | undefined): Response {
  if (headers) for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}

/**
 * The pipeline both APIs share, in the order of docs/decisions.md#d20:
 * operator switch → route (404/405) → body size (413, streamed) → authentication (401) →
 * scope (403) → signature (401/400) → rate limit (429; counted right after authentication, so
 * requests refused by scope or signature count too) → module switch (403) → request scope
 * (customer projects) → validation (400: params, query, body) → guard → cool-down (429, customer
 * actions: reserved here, given back unless the handler's answer consumes it; skipped for a replay
 * the endpoint recognises, docs/decisions.md#r14) → handler
 * (look-ups 404, business rules).
 */
export function createDispatcher<Auth, Scope extends string>(api: ApiSurface<Auth, Scope>) {
  const table = createRouteTable(api.endpoints);

  async function run(request: Request, options: DispatchOptions, extraHeaders: Record<string, string>): Promise<Response> {
    const url = new URL(request.url);
    const db = options.db ?? getDb();
    let switches: Promise<PlatformSwitches> | undefined;
    const ctx: StageContext = {
      db,
      switches: () => (switches ??= api.readSwitches ? api.readSwitches(ctx) : getPlatformSwitches(db)),
      now: (options.clock ?? (() => new Date()))(),
      request,
      url,
      clientIp: options.clientIp ?? null,
    };
    const discardBody = () => request.body?.cancel().catch(() => {});
    const requestMethod = options.method ?? request.method;

    // A malformed Host is a malformed request: 400 before anything else (docs/decisions.md#r10).
    if (isMalformedHost(request.headers.get("host"))) {
      await discardBody();
      throw validationError([{ field: "Host", message: "The Host header is not a valid host name with an optional port" }]);
    }

    const refusal = await api.checkEnabled(ctx);
    if (refusal) {
      await discardBody();
      throw refusal;
    }

    const relative =
      url.pathname === api.basePath ? "/" : url.pathname.startsWith(`${api.basePath}/`) ? url.pathname.slice(api.basePath.length) : null;
    // HEAD is GET without a body (the HTTP layer drops it); Next hands HEAD to the GET export.
    const method = requestMethod === "HEAD" ? "GET" : requestMethod;
    const found = relative === null ? ({ kind: "not_found" } as const) : table.lookup(method, relative);
    if (found.kind === "not_found") {
      await discardBody();
      throw new ApiError(404, API_ERROR_CODES.notFound, "Not found");
    }
    if (found.kind === "method_not_allowed") {
      await discardBody();
      throw new ApiError(405, API_ERROR_CODES.methodNotAllowed, `Method ${requestMethod} is not allowed here`, {
        headers: { Allow: found.allow.join(", ") },
      });
    }
    const { endpoint } = found;

    let rawBody: Uint8Array = new Uint8Array(0);
    if (requestMethod !== "GET" && requestMethod !== "HEAD") {
      const read = await readBodyWithLimit(request, endpoint.maxBodyBytes);
      if (!read.ok) throw new ApiError(413, API_ERROR_CODES.payloadTooLarge, "Request body too large");
      rawBody = read.bytes;
    }

    let auth: Auth | null = null;
    let rateLimit: RateLimitState | null = null;
    if (endpoint.scope !== null) {
      auth = await api.authenticate(ctx);
      // Every authenticated request counts, refused ones included; the headers go on every answer.
      const counted = await countRequest(api.rateLimitSubject(auth), ctx);
      Object.assign(extraHeaders, counted.headers);
      rateLimit = counted.state;
      await api.authorize(auth, endpoint, ctx);
      if (endpoint.signed) await api.verifySignature?.(auth, rawBody, ctx);
      if (counted.refusal) throw counted.refusal;
    }

    if (endpoint.module) {
      const gate = PLATFORM_MODULES[endpoint.module];
      if (!(await ctx.switches())[gate.column]) throw api.moduleDisabled(gate.label, endpoint);
    }

    // The input rule on path and query text (lib/api/input-rule.ts, docs/decisions.md#r9), before
    // the request scope reads `?project=` and before any schema or handler sees a value.
    const badParam = findParamViolation(found.params);
    if (badParam) throw api.paramError([{ field: badParam.field, message: badParam.message }]);
    const badQuery = findQueryViolation(url.searchParams);
    if (badQuery) throw inputRuleError(badQuery);

    if (auth !== null && api.resolveRequestScope) auth = await api.resolveRequestScope(auth, endpoint, ctx);

    const params = endpoint.params.safeParse(found.params);
    if (!params.success) throw api.paramError(issuesToDetails(params.error.issues, "id"));

    let query: unknown = undefined;
    if (endpoint.query) {
      const parsed = endpoint.query.safeParse(queryObject(url.searchParams, api.reservedQuery));
      if (!parsed.success) throw validationError(issuesToDetails(parsed.error.issues, "query"));
      query = parsed.data;
    }

    let body: unknown = undefined;
    if (endpoint.body) body = parseBody(endpoint.body, rawBody, request.headers.get("content-type"));

    const handlerCtx = {
      params: params.data as Record<string, string>,
      query,
      body,
      auth,
      db: ctx.db,
      now: ctx.now,
      rateLimit,
      request,
      baseUrl: apiBaseUrl(request, api.basePath),
      api,
    };
    if (endpoint.guard) await endpoint.guard(handlerCtx);

    let cooldown: CooldownReservation | null = null;
    // A replay of an accepted call (an idempotency key already used) answers what it answered, past a full bucket, and spends nothing (docs/decisions.md#r14).
    if (endpoint.cooldown && auth !== null && !(await endpoint.cooldown.replay?.(handlerCtx))) {
      if (!api.cooldownActor) throw new Error(`${endpoint.method} ${endpoint.path}: the ${api.name} API has no cool-downs`);
      const { bucket, resourceParam } = endpoint.cooldown;
      const resourceId = resourceParam === null ? "" : (params.data as Record<string, string>)[resourceParam]!;
      cooldown = await reserveCooldown(ctx.db, { bucket, userId: api.cooldownActor(auth), resourceId }, ctx.now);
    }
    let answer: { response: Response; replayed: boolean };
    try {
      answer = await runHandler(endpoint, handlerCtx, options);
    } catch (error) {
      await cooldown?.settle(statusOf(error));
      throw error;
    }
    // A replay the look-up could not see (a concurrent twin took the key meanwhile) gives its use back.
    if (answer.replayed) await cooldown?.release();
    else await cooldown?.settle(answer.response.status);
    return answer.response;
  }

  async function runHandler(
    endpoint: Endpoint<Auth, Scope>,
    handlerCtx: Parameters<Endpoint<Auth, Scope>["handler"]>[0],
    options: DispatchOptions,
  ): Promise<{ response: Response; replayed: boolean }> {
    const result = await endpoint.handler(handlerCtx);
    if (result instanceof Response) return { response: result, replayed: false };
    const out = result instanceof Reply ? result : new Reply(result);
    if (options.checkResponses && endpoint.response) {
      const checked = endpoint.response.safeParse(out.data);
      if (!checked.success) {
        throw new Error(`${endpoint.method} ${endpoint.path}: answer does not match its response schema: ${JSON.stringify(checked.error.issues)}`);
      }
    }
    const response = withHeaders(api.serializeSuccess(new Reply(out.data, { status: endpoint.status, ...out.options }), endpoint), out.options.headers);
    return { response, replayed: out.options.replayed === true };
  }

  return async function dispatch(request: Request, options: DispatchOptions = {}): Promise<Response> {
    const checkResponses = options.checkResponses ?? process.env.NODE_ENV === "test";
    const extraHeaders: Record<string, string> = {};
    let response: Response;
    try {
      response = await run(request, { ...options, checkResponses }, extraHeaders);
    } catch (error) {
      const apiError = toApiError(error);
      response = withHeaders(api.serializeError(apiError), apiError.headers);
    }
    return withHeaders(response, extraHeaders);
  };
}

/** Empty body = `{}`; otherwise it must be JSON (declared and well-formed) and match the schema. */
function parseBody(schema: z.ZodType, raw: Uint8Array, contentType: string | null): unknown {
  let value: unknown = {};
  if (raw.byteLength > 0) {
    if (!isJsonContentType(contentType)) {
      throw validationError([{ field: "Content-Type", message: "Send request bodies as application/json" }]);
    }
    const parsed = parseJson(raw);
    if (!parsed.ok && parsed.reason === "too_deep") throw inputRuleError(depthViolation(parsed.field));
    if (!parsed.ok) throw new ApiError(400, API_ERROR_CODES.invalidJson, "Request body is not valid JSON");
    value = parsed.value;
    const badText = findTextViolation(value);
    if (badText) throw inputRuleError(badText);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(issuesToDetails(result.error.issues, "body"));
  return result.data;
}

/** A refusal of the input rule: 400 in each API's validation envelope, with the field named. */
function inputRuleError(violation: InputRuleViolation): ApiError {
  return new ApiError(400, API_ERROR_CODES.validation, violation.sentence, { details: [{ field: violation.field, message: violation.message }] });
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
export type { HttpMethod };
