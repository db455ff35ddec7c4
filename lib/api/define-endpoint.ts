import { uuidSchema } from "@/lib/schemas/uuid";
import type { AccountAccess } from "@/lib/accounts/account-access";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { RateLimitState } from "./rate-limit-hook";
import { isCooldownBucketName, type CooldownBucketName } from "@/lib/cooldowns/cooldown-buckets";
import type { Reply } from "./reply";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Operator module switches in PlatformSettings an endpoint can depend on. */
export const PLATFORM_MODULES = {
  nativeVps: { column: "nativeVpsEnabled", label: "native VPS" },
  dedicated: { column: "dedicatedEnabled", label: "dedicated server" },
  game: { column: "gameEnabled", label: "game server" },
} as const;
export type PlatformModule = keyof typeof PLATFORM_MODULES;

/** A path parameter nobody declared is a uuid (both specs: path ids are uuids). */
export const uuidParam = uuidSchema;

/** What both APIs tell about themselves; docs endpoints build OpenAPI, HTML and tests from it. */
export interface ApiDescription {
  name: "customer" | "reseller";
  title: string;
  /** OpenAPI `info.version`. */
  version: string;
  /** Where the API is mounted, e.g. `/v1` or `/v1/reseller`. */
  basePath: string;
  endpoints: readonly AnyEndpoint[];
}

export interface EndpointContext<Auth, P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Tenant and actor from the API key; never from the request. `null` on public endpoints. */
  auth: Auth;
  db: Db;
  /** The request's instant (injected clock); use it instead of `new Date()`. */
  now: Date;
  /** The key's request window after counting this request (what the `X-RateLimit-*` headers say); null on public endpoints. */
  rateLimit: RateLimitState | null;
  request: Request;
  /** Absolute URL of the API root, e.g. `https://portal.example/v1`. */
  baseUrl: string;
  api: ApiDescription;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type ResponseData<R> = R extends z.ZodType ? z.input<R> : unknown;
export type HandlerResult<R> = ResponseData<R> | Reply<ResponseData<R>> | Response;
type ParamsOf<P> = P extends z.ZodObject ? z.output<P> & Record<string, string> : Record<string, string>;

export interface EndpointDeclaration<Auth, S, P, Q, B, R> {
  method: HttpMethod;
  /** Relative to the API root; parameters as `{name}` whole segments. */
  path: string;
  /** Scope the key must hold; `null` = public (no key at all: docs routes). */
  scope: S;
  /** Reseller API: every mutation is signed, no GET is (enforced). Customer API: never. */
  signed?: boolean;
  /** Only for parameters that are not uuids; every other `{param}` is validated as a uuid. */
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` (what OpenAPI shows; checked against real answers in tests). */
  response?: R;
  /** Operator switch the endpoint depends on. */
  module?: PlatformModule;
  /**
   * Customer API (required there, beside the scope): the entry of the accounts domain's access table
   * (lib/accounts/account-access.ts) a team member must satisfy, e.g. `"services:view"`; "none" = not
   * checked here (identity, and a route whose guard checks per verb).
   */
  access?: AccountAccess | "none";
  /**
   * Customer API: the cool-down bucket this action consumes (lib/cooldowns/cooldown-buckets.ts),
   * per user and resource. The resource is the `{id}` path parameter, else the first one, else none
   * (per user only); the object form names another parameter, or `null` for none.
   * `replay`: recognises a call that only replays an earlier accepted one (an idempotency key already
   * used); such a call neither consumes the cool-down nor is refused by it (docs/decisions.md#r14).
   * Asked after `guard`, before the reservation; it must be a cheap look-up.
   */
  cooldown?: CooldownDeclaration<EndpointContext<[S] extends [null] ? null : Auth, ParamsOf<P>, Out<Q>, Out<B>>>;
  summary: string;
  description?: string;
  /** Group in the docs; defaults to the first path segment. */
  tag?: string;
  operationId?: string;
  /** Success status (default 200). */
  status?: number;
  /** Media type of a handler that answers with its own Response instead of the envelope (docs routes, file downloads). */
  produces?: string;
  /** With `produces`: an example of that answer for the docs (an envelope's example is generated from `response`). */
  example?: unknown;
  /**
   * A larger request body limit than the APIs' 1 MB (docs/decisions.md#d5): only for an endpoint whose
   * spec row names a bigger payload (the game file upload's 4 MiB, base64-encoded).
   */
  maxBodyBytes?: number;
  /**
   * Refusals that must come before the cool-down is reserved (customer API "order of evaluation on a
   * VPS action": billing state and capabilities answer 403 before the cool-down's 429). Throws or returns.
   */
  guard?: (ctx: EndpointContext<[S] extends [null] ? null : Auth, ParamsOf<P>, Out<Q>, Out<B>>) => Promise<void>;
  handler: (ctx: EndpointContext<[S] extends [null] ? null : Auth, ParamsOf<P>, Out<Q>, Out<B>>) => Promise<HandlerResult<R>>;
}

/** A declaration after checking, with the path compiled and the params schema completed. */
export interface Endpoint<Auth = unknown, Scope extends string = string> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly segments: readonly PathSegment[];
  readonly scope: Scope | null;
  readonly signed: boolean;
  readonly params: z.ZodObject;
  readonly paramNames: readonly string[];
  readonly query: z.ZodType | undefined;
  readonly body: z.ZodType | undefined;
  readonly response: z.ZodType | undefined;
  readonly module: PlatformModule | undefined;
  readonly access: AccountAccess | "none" | undefined;
  readonly cooldown: EndpointCooldown<Auth> | undefined;
  readonly summary: string;
  readonly description: string | undefined;
  readonly tag: string;
  readonly operationId: string;
  readonly status: number;
  readonly produces: string | undefined;
  readonly example: unknown;
  readonly maxBodyBytes: number | undefined;
  readonly guard: ((ctx: EndpointContext<Auth | null, Record<string, string>, unknown, unknown>) => Promise<void>) | undefined;
  readonly handler: (ctx: EndpointContext<Auth | null, Record<string, string>, unknown, unknown>) => Promise<unknown>;
}

export interface EndpointCooldown<Auth = unknown> {
  bucket: CooldownBucketName;
  /** The path parameter naming the resource; null = per user only. */
  resourceParam: string | null;
  /** A replay of an earlier accepted call: skips the cool-down (see EndpointDeclaration.cooldown). */
  replay?: (ctx: EndpointContext<Auth | null, Record<string, string>, unknown, unknown>) => Promise<boolean>;
}

export type CooldownDeclaration<Ctx> = CooldownBucketName | { bucket: CooldownBucketName; resourceParam?: string | null; replay?: (ctx: Ctx) => Promise<boolean> };

/** The declaration checked against the path; `replay` keeps the declaration's context type until the endpoint erases it. */
function compileCooldown<Ctx>(
  decl: CooldownDeclaration<Ctx> | undefined,
  paramNames: readonly string[],
  where: string,
): { bucket: CooldownBucketName; resourceParam: string | null; replay?: (ctx: Ctx) => Promise<boolean> } | undefined {
  if (decl === undefined) return undefined;
  const byDefault = paramNames.includes("id") ? "id" : (paramNames[0] ?? null);
  const { bucket, resourceParam = byDefault, replay } = typeof decl === "string" ? { bucket: decl, replay: undefined } : decl;
  if (!isCooldownBucketName(bucket)) throw new Error(`${where}: unknown cool-down bucket "${bucket}"`);
  if (resourceParam !== null && !paramNames.includes(resourceParam)) throw new Error(`${where}: cool-down resource "${resourceParam}" is not a path parameter`);
  return replay ? { bucket, resourceParam, replay } : { bucket, resourceParam };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased element type of route tables
export type AnyEndpoint = Endpoint<any, string>;

export type PathSegment = { kind: "static"; value: string } | { kind: "param"; name: string };

export function compilePath(path: string): PathSegment[] {
  if (!path.startsWith("/")) throw new Error(`Endpoint path must start with "/": ${path}`);
  if (path !== "/" && path.endsWith("/")) throw new Error(`Endpoint path must not end with "/": ${path}`);
  const parts = path === "/" ? [] : path.slice(1).split("/");
  return parts.map((part) => {
    const m = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(part);
    if (m) return { kind: "param", name: m[1]! } as const;
    if (part === "" || /[{}]/.test(part)) throw new Error(`Bad path segment "${part}" in ${path}`);
    return { kind: "static", value: part } as const;
  });
}

function defaultOperationId(method: HttpMethod, segments: readonly PathSegment[]): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const words = segments.map((s) =>
    s.kind === "static" ? s.value.split(/[^A-Za-z0-9]+/).map(cap).join("") : `By${cap(s.name)}`,
  );
  return method.toLowerCase() + (words.join("") || "Root");
}

/**
 * Makes the `defineEndpoint` of one API: the generic checks here, the API's own rules in `check`
 * (which throws on a declaration that breaks them, so a bad declaration fails at import time and
 * in every test, not in production).
 */
export function endpointFactory<Auth, Scope extends string>(check: (endpoint: Endpoint<Auth, Scope>) => void) {
  return function defineEndpoint<
    S extends Scope | null,
    P extends z.ZodObject | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    R extends z.ZodType | undefined = undefined,
  >(decl: EndpointDeclaration<Auth, S, P, Q, B, R>): Endpoint<Auth, Scope> {
    const segments = compilePath(decl.path);
    const paramNames = segments.flatMap((s) => (s.kind === "param" ? [s.name] : []));
    if (new Set(paramNames).size !== paramNames.length) throw new Error(`Repeated path parameter in ${decl.path}`);
    const declared = (decl.params?.shape ?? {}) as Record<string, z.ZodType>;
    for (const name of Object.keys(declared)) {
      if (!paramNames.includes(name)) throw new Error(`params declares "${name}", which is not in ${decl.path}`);
    }
    const params = z.object(Object.fromEntries(paramNames.map((name) => [name, declared[name] ?? uuidParam])));
    const endpoint: Endpoint<Auth, Scope> = {
      method: decl.method,
      path: decl.path,
      segments,
      scope: decl.scope as Scope | null,
      signed: decl.signed ?? false,
      params,
      paramNames,
      query: decl.query,
      body: decl.body,
      response: decl.response,
      module: decl.module,
      access: decl.access,
      cooldown: compileCooldown(decl.cooldown, paramNames, `${decl.method} ${decl.path}`) as unknown as EndpointCooldown<Auth> | undefined,
      summary: decl.summary,
      description: decl.description,
      tag: decl.tag ?? (segments[0]?.kind === "static" ? segments[0].value : "root"),
      operationId: decl.operationId ?? defaultOperationId(decl.method, segments),
      status: decl.status ?? 200,
      produces: decl.produces,
      example: decl.example,
      maxBodyBytes: decl.maxBodyBytes,
      guard: decl.guard as unknown as Endpoint<Auth, Scope>["guard"],
      handler: decl.handler as unknown as Endpoint<Auth, Scope>["handler"],
    };
    check(endpoint);
    return endpoint;
  };
}
