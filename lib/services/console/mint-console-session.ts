import type { ConsoleChannel } from "@/lib/console/console-types";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db/client";
import { publicOrigin } from "@/lib/platform/public-origin";
import { consoleWsPath, SESSION_DIAL_SECONDS, SESSION_MAX_SECONDS } from "./console-lifetimes";
import type { ConsoleSessionDocument } from "./console-documents";
import { mintConsoleSecret, mintRfbPassword, RFB_PASSWORD_PURPOSE } from "./console-secret";

export type ConsoleRole = "customer" | "reseller" | "cast";

export interface MintConsoleSessionInput {
  serviceId: string;
  backend: "vps" | "dedicated";
  channel: ConsoleChannel;
  role: ConsoleRole;
  viewOnly: boolean;
  accountId: string | null;
  resellerId: string | null;
  castId?: string | null;
  now: Date;
  /** The stream's absolute end; defaults to now + 8 h. A cast's session ends with its viewing window. */
  closesAt?: Date;
}

/**
 * Writes one console session and returns its document: a random token (only its sha256 is kept),
 * for `rfb` a VNC password (sealed), dial deadline now + 5 min, absolute end now + 8 h
 * (docs/decisions.md#r17). Runs inside the caller's checks (and transaction, for a cast).
 */
export async function mintConsoleSession(db: DbOrTx, input: MintConsoleSessionInput): Promise<ConsoleSessionDocument> {
  const token = mintConsoleSecret();
  const rfbPassword = input.channel === "rfb" ? mintRfbPassword() : null;
  const closesAt = input.closesAt ?? new Date(input.now.getTime() + SESSION_MAX_SECONDS * 1000);
  const dialBy = new Date(Math.min(input.now.getTime() + SESSION_DIAL_SECONDS * 1000, closesAt.getTime()));
  const row = await db.consoleSession.create({
    data: {
      serviceId: input.serviceId,
      tokenHash: token.hash,
      role: input.role,
      accountId: input.accountId,
      resellerId: input.resellerId,
      castId: input.castId ?? null,
      channel: input.channel,
      viewOnly: input.viewOnly,
      rfbPasswordSealed: rfbPassword === null ? null : sealSecret(rfbPassword, RFB_PASSWORD_PURPOSE),
      expiresAt: dialBy,
      closesAt,
      createdAt: input.now,
    },
  });
  return {
    kind: input.backend,
    sessionId: row.id,
    token: token.value,
    wsPath: consoleWsPath(row.id),
    origin: publicOrigin(),
    viewerKind: input.backend === "vps" ? "novnc" : "kvm",
    channel: input.channel,
    viewOnly: input.viewOnly,
    rfbPassword,
    expiresAt: dialBy.toISOString(),
  };
}

/** The URL a viewer dials: `ws://` or `wss://` as the origin's scheme, the path, the token. */
export function consoleWebsocketUrl(session: Pick<ConsoleSessionDocument, "origin" | "wsPath" | "token">): string {
  const ws = session.origin.replace(/^http(s?):/i, (_, s: string) => `ws${s.toLowerCase()}:`);
  return `${ws}${session.wsPath}?token=${encodeURIComponent(session.token)}`;
}
