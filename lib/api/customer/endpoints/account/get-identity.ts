import { z } from "zod";
import { defineEndpoint } from "../../define-endpoint";
import { CUSTOMER_SCOPE_DESCRIPTIONS } from "../../scope-descriptions";
import { projectRefSchema } from "./schemas";

export const getIdentityEndpoint = defineEndpoint({
  method: "GET",
  path: "/",
  scope: "read",
  access: "none",
  // Any member may ask who their key is, whatever their account permissions.
  tag: "account",
  operationId: "getIdentity",
  summary: "Who this key is: user, account, key, project scope, rate limit, scopes and links",
  response: z.object({
    version: z.literal("1"),
    base_url: z.string(),
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    account: z.object({ id: z.string(), name: z.string(), owner: z.boolean() }).nullable(),
    key: z.object({
      id: z.string(),
      label: z.string(),
      scopes: z.array(z.string()),
      project: projectRefSchema.nullable(),
      expires_at: z.string().nullable(),
    }),
    project: projectRefSchema.extend({ bound: z.boolean() }).nullable(),
    rate_limit: z.object({ limit: z.number().int(), remaining: z.number().int(), reset: z.number().int() }),
    scopes: z.array(z.object({ scope: z.string(), description: z.string() })),
    links: z.record(z.string(), z.string()),
  }),
  async handler({ auth, rateLimit, baseUrl }) {
    return {
      version: "1" as const,
      base_url: baseUrl,
      user: auth.user,
      // `owner` tells whether the key's user owns the account or acts as a team member.
      account: { id: auth.accountId, name: auth.accountName, owner: auth.role === "owner" },
      key: {
        id: auth.keyId,
        label: auth.keyLabel,
        scopes: auth.scopes,
        project: auth.boundProject,
        expires_at: auth.keyExpiresAt?.toISOString() ?? null,
      },
      project: auth.project,
      // The key's hourly window after counting this request: the same figures as the X-RateLimit-* headers.
      rate_limit: { limit: rateLimit!.limit, remaining: rateLimit!.remaining, reset: rateLimit!.reset },
      scopes: auth.scopes.map((scope) => ({ scope, description: CUSTOMER_SCOPE_DESCRIPTIONS[scope] })),
      links: {
        self: `${baseUrl}/`,
        account: `${baseUrl}/account`,
        balance: `${baseUrl}/account/balance`,
        docs: `${baseUrl}/docs`,
        openapi: `${baseUrl}/openapi.json`,
        guide: `${baseUrl}/guide.md`,
      },
    };
  },
});
