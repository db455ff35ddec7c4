import { z } from "zod";

// The game console session and SFTP login shapes (docs/game-servers.md#console-sessions, #sftp-login).

export const gameConsoleSessionSchema = z.object({
  serverId: z.string(),
  origin: z.string().describe("The supplier's origin: browsers dial from a page there; other clients send it as `Origin`"),
  wsOrigin: z.string().describe("`origin` with the ws:// or wss:// scheme"),
  ws_path: z.string().describe("Dial `wsOrigin + ws_path + ?token=`"),
  token: z.string().describe("Valid 10 minutes; refresh on the open socket with `{event: \"auth\", args: [token]}` from a new session"),
  expiresAt: z.string(),
  permissions: z.array(z.enum(["console.read", "console.write", "power"])),
});

export const gameSftpLoginSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  passwordSet: z.boolean().describe("False until the first rotation: the password is only ever shown by `sftp/rotate`"),
  rotatedAt: z.string().nullable(),
});

export const gameSftpRotatedSchema = gameSftpLoginSchema.extend({ password: z.string().describe("Shown this once; the supplier keeps only a hash") });

export const GAME_CONSOLE_DESCRIPTION =
  "A console session: dial `wsOrigin + ws_path + ?token=` (send `Origin: <origin>` from a non-browser client). " +
  "JSON frames `{event, args}`: on connect `auth success`, `status` and the last 500 lines as `console output` (again on `send logs`); `console output`, `status`, `stats` (CPU, memory, disk, network every few seconds), " +
  "`token expiring` a minute before the token ends. Send `send command` with a line for the server's stdin, `set state` with a power verb, and `auth` with a fresh token from this endpoint to keep the socket open.";
