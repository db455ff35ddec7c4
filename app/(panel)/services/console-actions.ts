"use server";

import { runAction, type ActionResult } from "@/lib/actions/action-result";
import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";
import { toConsoleSessionInfo } from "@/lib/console/to-console-session-info";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { createConsoleSession } from "@/lib/services/console/create-console-session";
import { serviceContext } from "@/lib/services/service-context";
import { access } from "./panel-access";

const CHANNELS = new Set(["rfb", "serial"]);

/**
 * A fresh one-shot console session for the panel's viewer (VNC `rfb`, or the VPS's `serial` line),
 * asked on every connect and reconnect. Who may: docs/decisions.md#r19; what the service allows
 * (state, product switch, display) is the session's own rule.
 */
export async function openConsoleAction(serviceId: string, channel: string): Promise<ActionResult<ConsoleSessionInfo>> {
  return runAction(
    async () => {
      const a = await access({ change: true });
      if (!a.canConsole) throw new DomainError("forbidden", "The console needs the services.manage permission on this account");
      if (!CHANNELS.has(channel)) throw new DomainError("invalid", "Unknown console channel");
      const ctx = serviceContext({ db: getDb(), actor: a.scope });
      const session = await createConsoleSession(ctx, { serviceId, channel: channel as "rfb" | "serial", role: "customer" });
      return { data: toConsoleSessionInfo(session) };
    },
    { log: "[panel] console session failed" },
  );
}
