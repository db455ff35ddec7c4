import { generateSftpPassword, hashSftpPassword } from "@/game-node/protocol/sftp-password";
import { backendRefusal } from "@/lib/services/backend-refusal";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow } from "./game-server-of-service";

export interface GameSftpLogin {
  host: string;
  port: number;
  username: string;
  /** Whether a password has been set (passwords are shown once, when rotated). */
  passwordSet: boolean;
  rotatedAt: string | null;
}

/** `GET .../game/sftp`: where and as whom to log in; never the password. */
export async function gameSftpLogin(ctx: ServiceContext, input: { serviceId: string }): Promise<GameSftpLogin> {
  const { server, node } = await gameServerOfServiceOrThrow(ctx, input.serviceId);
  return { ...node.sftpEndpoint(), username: server.sftpUsername, passwordSet: server.sftpRotatedAt !== null, rotatedAt: server.sftpRotatedAt?.toISOString() ?? null };
}

/**
 * `POST .../game/sftp/rotate`: a new password, returned this once. The node gets only its scrypt hash;
 * the portal keeps neither (docs/game-servers.md#sftp). Rotations of one server are serialised on its
 * row: the node ends holding the password of the rotation that committed last, and `rotatedAt` says when.
 */
export async function rotateGameSftpPassword(ctx: ServiceContext, input: { serviceId: string }): Promise<GameSftpLogin & { password: string }> {
  const { server, node } = await gameServerOfServiceOrThrow(ctx, input.serviceId, { write: true });
  const password = generateSftpPassword();
  const passwordHash = await hashSftpPassword(password);
  const rotatedAt = await ctx.db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "GameServer" WHERE id = ${server.id}::uuid FOR UPDATE`;
      try {
        await node.setSftpCredentials(server.id, { username: server.sftpUsername, passwordHash });
      } catch (error) {
        throw backendRefusal(error);
      }
      const row = await tx.gameServer.update({ where: { id: server.id }, data: { sftpRotatedAt: ctx.now }, select: { sftpRotatedAt: true } });
      return row.sftpRotatedAt!;
    },
    { timeout: 30_000 },
  );
  return { ...node.sftpEndpoint(), username: server.sftpUsername, passwordSet: true, rotatedAt: rotatedAt.toISOString(), password };
}
