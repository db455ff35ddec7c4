import { backendContext, type BackendContext } from "@/lib/backends/context";
import type { Db } from "@/lib/db/client";
import type { OperatorContext } from "../operator-context";

/**
 * What the operator's service actions take: the operator context, and what the backends need when
 * the machine follows a change (clock, simulator timing: the system's unless a test gives its own).
 */
export type OperatorServiceContext = OperatorContext<Db> & Partial<Omit<BackendContext, "db">>;

export function backendOf(ctx: OperatorServiceContext): BackendContext {
  return backendContext({ db: ctx.db, clock: ctx.clock, simulator: ctx.simulator, imageFetcher: ctx.imageFetcher, guestConsole: ctx.guestConsole });
}
