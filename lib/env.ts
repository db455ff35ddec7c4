import path from "node:path";
import { z } from "zod";

// Typed configuration. Nothing is required: the embedded default runs with no variables.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  RACKFRONT_DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().url().optional(),
  /// Public origin used in links and the demo credentials file (defaults to http://localhost:<port>).
  RACKFRONT_BASE_URL: z.string().url().optional(),
  /// Without RACKFRONT_BASE_URL: the hosts the API may name in its docs and links (lib/api/public-base-url.ts).
  RACKFRONT_TRUSTED_HOSTS: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  /// "0": do not start the embedded game node (docs/game-servers.md#embedded-node).
  RACKFRONT_EMBEDDED_GAME_NODE: z.enum(["0", "1"]).default("1"),
  /// The embedded game node's SFTP port (default: one the kernel picks, shown in the log and the panel).
  RACKFRONT_GAME_SFTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /// Outgoing mail, e.g. smtps://user:pass@mail.example.com:465; unset: messages stay in the operator console's outbox (docs/email.md).
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL").optional(),
  /// The From of outgoing mail, e.g. "Example Hosting <support@example.com>".
  SMTP_FROM: z.string().min(3).optional(),
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_BASE_URL: z.string().url().optional(),
  INNGEST_DEV: z.string().optional(),
});

export type Env = z.infer<typeof schema> & { dataDir: string; baseUrl: string; inngestExternal: boolean };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.RACKFRONT_DATA_DIR),
    baseUrl: (env.RACKFRONT_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    inngestExternal: Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || env.INNGEST_BASE_URL || env.INNGEST_DEV),
  };
}

export function databaseTarget(env: Pick<Env, "DATABASE_URL" | "dataDir">) {
  return env.DATABASE_URL
    ? ({ kind: "postgres", url: env.DATABASE_URL } as const)
    : ({ kind: "pglite", dataDir: path.join(env.dataDir, "pglite") } as const);
}
