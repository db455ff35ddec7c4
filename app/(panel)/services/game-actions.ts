"use server";

import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { gameDocument, type GameDocument } from "@/lib/game/game-document";
import { gamePower } from "@/lib/game/game-power";
import { openGameConsole, type GameConsoleSession } from "@/lib/game/open-game-console";
import { rotateGameSftpPassword } from "@/lib/game/rotate-game-sftp-password";
import { setGameVars } from "@/lib/game/set-game-vars";
import { serviceContext } from "@/lib/services/service-context";
import { access, cooled } from "./panel-access";

// The panel's game server page (docs/game-servers.md#panel): each action checks the member's
// permission, then calls the same lib/game rule the APIs call.

const run = <T,>(fn: () => Promise<{ data: T; message?: string }>) => runAction(fn, { log: "[panel] game action failed", fullStop: true });
const gameCtx = (scope: Awaited<ReturnType<typeof access>>["scope"]) => serviceContext({ db: getDb(), actor: { ...scope, kind: "game" } });

/** The game document as the page shows it; null when it is not the viewer's (or not a game server yet). */
export async function getGameAction(serviceId: string): Promise<ActionResult<GameDocument>> {
  return run(async () => {
    const a = await access();
    if (!a.canView) throw new DomainError("not_found", "Game server not found");
    return { data: await gameDocument(gameCtx(a.scope), { serviceId }) };
  });
}

const POWER_DONE: Record<string, string> = { start: "Starting the server", stop: "Stopping the server", restart: "Restarting the server", kill: "Killing the server's process" };

export async function gamePowerAction(serviceId: string, verb: string): Promise<ActionResult<{ to: string }>> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canPower) throw new DomainError("forbidden", "Power actions need the services.power permission on this account");
    const result = await cooled("power", a.userId, serviceId, () => gamePower(gameCtx(a.scope), { serviceId, action: verb }));
    return { data: { to: result.to }, message: `${POWER_DONE[result.action]}…` };
  });
}

/** A console token for the page's console; asked again to refresh it on the open socket. */
export async function openGameConsoleAction(serviceId: string): Promise<ActionResult<GameConsoleSession>> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canConsole) throw new DomainError("forbidden", "The console needs the services.manage permission on this account");
    return { data: await openGameConsole(gameCtx(a.scope), { serviceId }) };
  });
}

export async function rotateGameSftpAction(serviceId: string): Promise<ActionResult<{ password: string; username: string; host: string; port: number }>> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Changing the SFTP password needs the services.manage permission on this account");
    const { password, username, host, port } = await rotateGameSftpPassword(gameCtx(a.scope), { serviceId });
    return { data: { password, username, host, port }, message: "New SFTP password set" };
  });
}

export async function setGameVarsAction(serviceId: string, vars: Record<string, string>): Promise<ActionResult<{ vars: Record<string, string> }>> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Changing the game's settings needs the services.manage permission on this account");
    const result = await setGameVars(gameCtx(a.scope), { serviceId, vars });
    return { data: { vars: result.vars }, message: "Saved; the new values apply on the next start" };
  });
}
