"use server";

import { requireReseller } from "@/lib/auth/session";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { getDb } from "@/lib/db/client";
import { gameDocument, type GameDocument } from "@/lib/game/game-document";
import { gamePower } from "@/lib/game/game-power";
import { openGameConsole, type GameConsoleSession } from "@/lib/game/open-game-console";
import { rotateGameSftpPassword } from "@/lib/game/rotate-game-sftp-password";
import { setGameVars } from "@/lib/game/set-game-vars";
import { serviceContext } from "@/lib/services/service-context";

// The reseller portal's game view: the reseller API's game calls (GET game, power, console, SFTP
// rotate, vars) on the same lib/game rules, scoped to the signed-in reseller's account.

const run = <T,>(fn: () => Promise<{ data: T; message?: string }>) => runAction(fn, { log: "[reseller portal] game action failed", fullStop: true });

async function gameCtx() {
  const viewer = await requireReseller();
  return serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId, kind: "game" } });
}

export async function getResellerGameAction(serviceId: string): Promise<ActionResult<GameDocument>> {
  return run(async () => ({ data: await gameDocument(await gameCtx(), { serviceId }) }));
}

export async function resellerGamePowerAction(serviceId: string, verb: string): Promise<ActionResult<{ to: string }>> {
  return run(async () => {
    const result = await gamePower(await gameCtx(), { serviceId, action: verb });
    return { data: { to: result.to }, message: `Power: ${result.action} (${result.from} → ${result.to})` };
  });
}

export async function openResellerGameConsoleAction(serviceId: string): Promise<ActionResult<GameConsoleSession>> {
  return run(async () => ({ data: await openGameConsole(await gameCtx(), { serviceId }) }));
}

export async function rotateResellerGameSftpAction(serviceId: string): Promise<ActionResult<{ password: string }>> {
  return run(async () => {
    const { password } = await rotateGameSftpPassword(await gameCtx(), { serviceId });
    return { data: { password }, message: "New SFTP password set" };
  });
}

export async function setResellerGameVarsAction(serviceId: string, vars: Record<string, string>): Promise<ActionResult<{ vars: Record<string, string> }>> {
  return run(async () => {
    const result = await setGameVars(await gameCtx(), { serviceId, vars });
    return { data: { vars: result.vars }, message: "Saved; the new values apply on the next start" };
  });
}
