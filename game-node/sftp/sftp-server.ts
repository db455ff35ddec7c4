import type { AddressInfo, Socket } from "node:net";
import ssh2, { type AuthContext, type Connection } from "ssh2";
import type { ServerRoot } from "../files/server-root";
import { AuthThrottle } from "./auth-throttle";
import { loadOrCreateHostKey } from "./host-key";
import { serveSftp } from "./sftp-session";

export interface SftpServerOptions {
  host: string;
  /** 0 picks a free port (tests); the node's default is DEFAULT_NODE_SFTP_PORT. */
  port: number;
  /** Where the host key lives; generated there (mode 0600) on first start. */
  hostKeyPath: string;
  /** The server id this username and password log in to, or null (the agent checks `verifySftpPassword`). */
  authenticate: (username: string, password: string) => Promise<string | null>;
  /** The node's one ServerRoot for that server, the same the HTTP API uses (shared quota queue). */
  rootFor: (serverId: string) => ServerRoot | Promise<ServerRoot>;
  /** Failed passwords before the connection is closed (default 3). */
  maxAuthFailures?: number;
  /** Failed passwords per client IP within `ipFailureWindowMs` before that IP is refused (default 10 in 10 minutes). */
  ipFailureLimit?: number;
  ipFailureWindowMs?: number;
  /** A refused password is answered no sooner than this after it arrived (default 500 ms): slows guessing and hides which usernames exist. */
  failureDelayMs?: number;
  /** A connection that has not logged in after this long is closed (default 30 s). */
  loginTimeoutMs?: number;
  /** Open connections at most; more are dropped at accept (default 256). */
  maxConnections?: number;
}

export interface SftpServer {
  port: number;
  /** `SHA256:…` of the host key, for the panel to show next to the connection details. */
  hostKeyFingerprint: string;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

/** Any auth request beyond this many on one connection closes it (keys offered by an agent count too). */
const MAX_AUTH_REQUESTS = 20;

/**
 * The node's SFTP server (docs/game-servers.md#sftp): password logins only, each mapped to one game
 * server whose ServerRoot is the client's whole world. Sessions get the SFTP subsystem and nothing else:
 * shells, exec, port forwarding and agent forwarding have no handler, so ssh2 refuses them.
 */
export async function startSftpServer(options: SftpServerOptions): Promise<SftpServer> {
  const hostKey = await loadOrCreateHostKey(options.hostKeyPath);
  const maxAuthFailures = options.maxAuthFailures ?? 3;
  const failureDelayMs = options.failureDelayMs ?? 500;
  const loginTimeoutMs = options.loginTimeoutMs ?? 30_000;
  const throttle = new AuthThrottle({ maxFailures: options.ipFailureLimit ?? 10, windowMs: options.ipFailureWindowMs ?? 10 * 60_000 });
  const connections = new Set<Connection>();

  const server = new ssh2.Server({ hostKeys: [hostKey.privateKey], ident: "Rackfront-SFTP" }, (client, info) => {
    connections.add(client);
    const ip = info.ip;
    let failures = 0;
    let requests = 0;
    let session: { serverId: string; username: string } | null = null;
    const loginTimer = setTimeout(() => client.end(), loginTimeoutMs);
    client.on("close", () => {
      clearTimeout(loginTimer);
      connections.delete(client);
    });
    // A socket reset or protocol error: the connection just ends, the node goes on.
    client.on("error", () => {});
    if (throttle.isBlocked(ip)) {
      client.end();
      return;
    }

    client.on("authentication", (ctx: AuthContext) => {
      if (++requests > MAX_AUTH_REQUESTS) return void client.end();
      if (ctx.method !== "password") return ctx.reject(["password"]);
      const started = Date.now();
      const refuse = () => {
        failures++;
        throttle.recordFailure(ip);
        const wait = Math.max(0, started + failureDelayMs - Date.now());
        setTimeout(() => {
          try {
            if (failures >= maxAuthFailures || throttle.isBlocked(ip)) client.end();
            else ctx.reject(["password"]);
          } catch {
            /* the client left meanwhile */
          }
        }, wait);
      };
      // Beyond any real credential: refused without running the password hash on megabytes of input.
      if (throttle.isBlocked(ip) || ctx.username.length > 128 || ctx.password.length > 1024) return refuse();
      options.authenticate(ctx.username, ctx.password).then(
        (serverId) => {
          if (!serverId) return refuse();
          session = { serverId, username: ctx.username };
          try {
            ctx.accept();
          } catch {
            /* the client left meanwhile */
          }
        },
        () => refuse(),
      );
    });

    client.on("ready", () => {
      clearTimeout(loginTimer);
      client.on("session", (accept) => {
        const sshSession = accept();
        sshSession.on("sftp", (acceptSftp, rejectSftp) => {
          if (!session) return rejectSftp();
          const { serverId, username } = session;
          // Accepted at once: ssh2 drops channel data that arrives before the accept, and OpenSSH's
          // client sends its first SFTP packet without waiting for the reply. A root that cannot be had
          // (the server was deleted since the login) ends the session.
          serveSftp(acceptSftp(), Promise.resolve().then(() => options.rootFor(serverId)), { owner: username });
        });
      });
    });
  });
  server.maxConnections = options.maxConnections ?? 256;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // After start, a listener error (rare: the socket itself) must not crash the node.
  server.on("error", () => {});

  return {
    port: (server.address() as AddressInfo).port,
    hostKeyFingerprint: hostKey.fingerprint,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of connections) client.end();
        // A client that never answers the disconnect must not keep the node from stopping.
        setTimeout(() => {
          for (const client of connections) (client as unknown as { _sock?: Socket })._sock?.destroy();
        }, 2000).unref();
      }),
  };
}
