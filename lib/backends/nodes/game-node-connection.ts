import { sealSecret } from "@/lib/crypto/secret-box";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { GAME_NODE_TOKEN_PURPOSE, remoteGameNodeConfig } from "../game-node/game-node-for";

// How the portal reaches a game node, as `Node.config`: `{ embedded: true }` (the agent the portal
// starts itself) or a remote agent `{ url, tokenSealed, sftpHost, sftpPort }`. The token is sealed
// here, once, and never leaves the database in the clear again: views only say whether it is set.
// createNode (and so the seed, which runs before Next is loaded) imports this file: nothing here may
// import Next (lib/admin/form-input does, through lib/actions).

/** Node tokens are shared secrets typed by an operator; 32 characters keeps guessing out of reach. */
export const GAME_NODE_TOKEN_MIN_LENGTH = 32;

export type GameNodeConnection =
  | { mode: "embedded" }
  /** `token` null keeps the stored one (an edit that does not replace it). */
  | { mode: "remote"; url: string; token: string | null; sftpHost: string; sftpPort: number };

export interface GameNodeConnectionView {
  /** `invalid`: a config neither embedded nor a usable remote one (written by hand). */
  mode: "embedded" | "remote" | "invalid";
  url: string | null;
  sftpHost: string | null;
  sftpPort: number | null;
  tokenSet: boolean;
}

const asObject = (config: unknown): Record<string, unknown> => (config && typeof config === "object" && !Array.isArray(config) ? (config as Record<string, unknown>) : {});

/** Whether a game node's config is one the driver can use (embedded, or remote with every field). */
export function isUsableGameNodeConfig(config: unknown): boolean {
  return asObject(config).embedded === true || remoteGameNodeConfig.safeParse(config).success;
}

/** What the console shows of a game node's connection: never the token, only whether one is stored. */
export function describeGameNodeConnection(config: unknown): GameNodeConnectionView {
  const c = asObject(config);
  if (c.embedded === true) return { mode: "embedded", url: null, sftpHost: null, sftpPort: null, tokenSet: false };
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    mode: remoteGameNodeConfig.safeParse(c).success ? "remote" : "invalid",
    url: str(c.url),
    sftpHost: str(c.sftpHost),
    sftpPort: typeof c.sftpPort === "number" ? c.sftpPort : null,
    tokenSet: str(c.tokenSealed) !== null,
  };
}

/**
 * The config to store for a connection. A new token is sealed; without one the stored sealed token
 * is kept, and a remote node with neither is refused on the token field.
 */
export function gameNodeConfig(connection: GameNodeConnection, stored: unknown = {}): Prisma.InputJsonObject {
  if (connection.mode === "embedded") return { embedded: true };
  const kept = asObject(stored).tokenSealed;
  const tokenSealed = connection.token !== null ? sealSecret(connection.token, GAME_NODE_TOKEN_PURPOSE) : typeof kept === "string" && kept !== "" ? kept : null;
  if (!tokenSealed) {
    const message = "Enter the node's token (the one in the agent's configuration).";
    throw new DomainError("invalid", message, { details: [{ field: "token", message }] });
  }
  return { url: connection.url, tokenSealed, sftpHost: connection.sftpHost, sftpPort: connection.sftpPort };
}

/**
 * The machine a game node's servers bind their ports on, for the no-overlap rule: every embedded node
 * is the portal's own agent; a remote node is its agent's host name. Two names for one machine are
 * not recognised as one.
 */
export function gameNodeHost(config: unknown): string | null {
  const c = asObject(config);
  if (c.embedded === true) return "embedded";
  if (typeof c.url !== "string") return null;
  try {
    return new URL(c.url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
