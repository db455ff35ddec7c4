import type { DbOrTx } from "@/lib/db/client";
import type { AccountStatus } from "@/lib/generated/prisma/enums";
import { parseCustomerApiKey } from "@/lib/api-keys/parse-api-key";
import { PLATFORM_DEFAULTS, type PlatformSwitches } from "@/lib/platform/platform-switches";
import { bearerToken } from "../bearer-token";
import type { StageContext } from "../dispatch";
import type { ProjectRef } from "./customer-auth";

export interface CustomerKeyRow {
  id: string;
  secretHash: string;
  label: string;
  scopes: string[];
  ipAllowlist: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  userId: string;
  user: { id: string; email: string; name: string };
  project: ProjectRef | null;
  account: { id: string; name: string; status: AccountStatus; ownerId: string };
  /** The key user's TeamMember row in the key's account; null when there is none. */
  membership: { permissions: string[] } | null;
}

export interface CustomerRequestRows {
  switches: PlatformSwitches;
  /** The `Authorization` header's token: null when absent or not `Bearer <token>`. */
  token: string | null;
  parsed: { lookupId: string; secret: string } | null;
  /** The key with that lookup id, its user, account, project and the user's membership; null when none. */
  key: CustomerKeyRow | null;
}

interface JoinedRow {
  settingsId: number | null;
  customerApiEnabled: boolean;
  nativeVpsEnabled: boolean;
  dedicatedEnabled: boolean;
  gameEnabled: boolean;
  customerHourlyLimit: number;
  id: string | null;
  secretHash: string;
  label: string;
  scopes: string[];
  ipAllowlist: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  userId: string;
  userEmail: string;
  userName: string;
  projectId: string | null;
  projectSlug: string;
  projectName: string;
  accountId: string;
  accountName: string;
  accountStatus: AccountStatus;
  accountOwnerId: string;
  memberPermissions: string[] | null;
}

const loaded = new WeakMap<StageContext, Promise<CustomerRequestRows>>();

/**
 * What every customer API request reads before its handler, in ONE round trip: the operator
 * switches and hourly limit (PlatformSettings) and, when the request carries a well-formed key, the
 * key with its user, account, bound project and the user's team membership. The switch check,
 * authentication, the module gates and the rate limit take it from here (memoised on the stage
 * context); the pipeline's order of checks is unchanged.
 */
export function loadCustomerRequest(ctx: StageContext): Promise<CustomerRequestRows> {
  let rows = loaded.get(ctx);
  if (!rows) {
    rows = readRows(ctx.db, ctx.request.headers.get("authorization"));
    loaded.set(ctx, rows);
  }
  return rows;
}

async function readRows(db: DbOrTx, authorization: string | null): Promise<CustomerRequestRows> {
  const token = bearerToken(authorization);
  const parsed = token === null ? null : parseCustomerApiKey(token);
  const [row] = await db.$queryRaw<JoinedRow[]>`
    SELECT s.id AS "settingsId", s."customerApiEnabled", s."nativeVpsEnabled", s."dedicatedEnabled", s."gameEnabled", s."customerHourlyLimit",
      k.id::text AS id, k."secretHash", k.label, k.scopes, k."ipAllowlist", k."expiresAt", k."revokedAt", k."lastUsedAt",
      u.id::text AS "userId", u.email AS "userEmail", u.name AS "userName",
      pr.id::text AS "projectId", pr.slug AS "projectSlug", pr.name AS "projectName",
      a.id::text AS "accountId", a.name AS "accountName", a.status::text AS "accountStatus", a."ownerId"::text AS "accountOwnerId",
      tm.permissions AS "memberPermissions"
    FROM (SELECT 1) AS one
    LEFT JOIN "PlatformSettings" s ON s.id = 1
    LEFT JOIN "CustomerApiKey" k ON k."lookupId" = ${parsed?.lookupId ?? null}::text
    LEFT JOIN "User" u ON u.id = k."userId"
    LEFT JOIN "ClientAccount" a ON a.id = k."accountId"
    LEFT JOIN "Project" pr ON pr.id = k."projectId"
    LEFT JOIN "TeamMember" tm ON tm."accountId" = k."accountId" AND tm."userId" = k."userId"`;
  const switches: PlatformSwitches =
    row && row.settingsId !== null
      ? {
          customerApiEnabled: row.customerApiEnabled,
          nativeVpsEnabled: row.nativeVpsEnabled,
          dedicatedEnabled: row.dedicatedEnabled,
          gameEnabled: row.gameEnabled,
          customerHourlyLimit: row.customerHourlyLimit,
        }
      : PLATFORM_DEFAULTS;
  const key: CustomerKeyRow | null =
    row && row.id !== null
      ? {
          id: row.id,
          secretHash: row.secretHash,
          label: row.label,
          scopes: row.scopes,
          ipAllowlist: row.ipAllowlist,
          expiresAt: row.expiresAt,
          revokedAt: row.revokedAt,
          lastUsedAt: row.lastUsedAt,
          userId: row.userId,
          user: { id: row.userId, email: row.userEmail, name: row.userName },
          project: row.projectId !== null ? { id: row.projectId, slug: row.projectSlug, name: row.projectName } : null,
          account: { id: row.accountId, name: row.accountName, status: row.accountStatus, ownerId: row.accountOwnerId },
          membership: row.memberPermissions !== null ? { permissions: row.memberPermissions } : null,
        }
      : null;
  return { switches, token, parsed, key };
}
