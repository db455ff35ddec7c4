import type { DbOrTx } from "@/lib/db/client";
import { parseResellerApiKey } from "@/lib/api-keys/parse-api-key";
import { bearerToken } from "../bearer-token";
import type { StageContext } from "../dispatch";

/** The schema defaults of ResellerProgramme, used while its singleton row has not been written. */
const PROGRAMME_DEFAULTS = { enabled: true, accountHourlyLimit: 5000 };

export interface ResellerKeyRow {
  id: string;
  secretHash: string;
  scopes: string[];
  customerId: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  hourlyLimit: number | null;
  signatureVersion: "v1" | "v2";
  requireTimestamp: boolean;
  reseller: { id: string; status: string; accountId: string; signingSecret: string; hourlyLimit: number | null };
}

export interface ResellerRequestRows {
  programme: { enabled: boolean; accountHourlyLimit: number };
  /** The `Authorization` header's token: null when absent or not `Bearer <token>`. */
  token: string | null;
  /** The token parsed as a reseller key; null when it has the wrong shape. */
  parsed: { lookupId: string; secret: string } | null;
  /** The key with that lookup id and its profile; null when there is none. */
  key: ResellerKeyRow | null;
}

interface JoinedRow {
  enabled: boolean | null;
  accountHourlyLimit: number | null;
  id: string | null;
  secretHash: string;
  scopes: string[];
  customerId: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  hourlyLimit: number | null;
  signatureVersion: "v1" | "v2";
  requireTimestamp: boolean;
  resellerId: string;
  resellerStatus: string;
  resellerAccountId: string;
  resellerSigningSecret: string;
  resellerHourlyLimit: number | null;
}

const loaded = new WeakMap<StageContext, Promise<ResellerRequestRows>>();

/**
 * What every reseller API request reads before its handler, in ONE round trip: the programme switch
 * and hourly limit (ResellerProgramme) and, when the request carries a well-formed key, the key with
 * its profile. `checkEnabled`, `authenticate` and the rate limit all take it from here, once per
 * request (memoised on the stage context). Reading the key along with the switch costs nothing
 * when the endpoint turns out not to need it (docs), and the checks still run in the pipeline's
 * order: a switched-off programme is refused before anything about the key is looked at.
 */
export function loadResellerRequest(ctx: StageContext): Promise<ResellerRequestRows> {
  let rows = loaded.get(ctx);
  if (!rows) {
    rows = readRows(ctx.db, ctx.request.headers.get("authorization"));
    loaded.set(ctx, rows);
  }
  return rows;
}

async function readRows(db: DbOrTx, authorization: string | null): Promise<ResellerRequestRows> {
  const token = bearerToken(authorization);
  const parsed = token === null ? null : parseResellerApiKey(token);
  // A lookup id no key has (or none at all) still reads the programme: the LEFT JOINs keep its row.
  const [row] = await db.$queryRaw<JoinedRow[]>`
    SELECT prog.enabled, prog."accountHourlyLimit",
      k.id::text AS id, k."secretHash", k.scopes, k."customerId"::text AS "customerId", k."expiresAt", k."revokedAt",
      k."lastUsedAt", k."hourlyLimit", k."signatureVersion"::text AS "signatureVersion", k."requireTimestamp",
      p.id::text AS "resellerId", p.status::text AS "resellerStatus", p."accountId"::text AS "resellerAccountId",
      p."signingSecret" AS "resellerSigningSecret", p."hourlyLimit" AS "resellerHourlyLimit"
    FROM (SELECT 1) AS one
    LEFT JOIN "ResellerProgramme" prog ON prog.id = 1
    LEFT JOIN "ResellerApiKey" k ON k."lookupId" = ${parsed?.lookupId ?? null}::text
    LEFT JOIN "ResellerProfile" p ON p.id = k."resellerId"`;
  const programme =
    row && row.enabled !== null ? { enabled: row.enabled, accountHourlyLimit: row.accountHourlyLimit! } : PROGRAMME_DEFAULTS;
  const key: ResellerKeyRow | null =
    row && row.id !== null
      ? {
          id: row.id,
          secretHash: row.secretHash,
          scopes: row.scopes,
          customerId: row.customerId,
          expiresAt: row.expiresAt,
          revokedAt: row.revokedAt,
          lastUsedAt: row.lastUsedAt,
          hourlyLimit: row.hourlyLimit,
          signatureVersion: row.signatureVersion,
          requireTimestamp: row.requireTimestamp,
          reseller: {
            id: row.resellerId,
            status: row.resellerStatus,
            accountId: row.resellerAccountId,
            signingSecret: row.resellerSigningSecret,
            hourlyLimit: row.resellerHourlyLimit,
          },
        }
      : null;
  return { programme, token, parsed, key };
}
