"use server";

import { z } from "zod";
import { parseActionInput, runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { toConsoleActivityView, toConsoleCastView, type ConsoleActivityView, type ConsoleCastView } from "@/lib/console/console-cast-view";
import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";
import { toConsoleSessionInfo } from "@/lib/console/to-console-session-info";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { createConsoleCast, listConsoleCasts, revokeConsoleCast } from "@/lib/services/console/console-casts";
import { createConsoleSession } from "@/lib/services/console/create-console-session";
import { listConsoleSessions } from "@/lib/services/console/list-console-sessions";
import { serviceContext, type ServiceContext } from "@/lib/services/service-context";

// The reseller portal's console: its own viewer (role "reseller") and the console-cast links card,
// on the same lib/services/console functions as the reseller API's console routes, scoped to the
// signed-in reseller's account (another account's service is "not found").

const LOG = { log: "[reseller portal] console action failed" };
const CHANNELS = new Set(["rfb", "serial"]);

async function resellerContext(): Promise<ServiceContext> {
  const viewer = await requireReseller();
  return serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
}

/** A fresh one-shot console session for the portal's own viewer. */
export async function openResellerConsoleAction(serviceId: string, channel: string): Promise<ActionResult<ConsoleSessionInfo>> {
  return runAction(async () => {
    if (!CHANNELS.has(channel)) throw new DomainError("invalid", "Unknown console channel");
    const session = await createConsoleSession(await resellerContext(), { serviceId, channel: channel as "rfb" | "serial", role: "reseller" });
    return { data: toConsoleSessionInfo(session) };
  }, LOG);
}

export interface ConsoleLinksView {
  casts: ConsoleCastView[];
  activity: ConsoleActivityView[];
}

/** How many console sessions the activity list shows, newest first. */
const ACTIVITY_ROWS = 20;

/** The service's cast links (no URLs) and its latest console sessions; null when it is not the reseller's. */
export async function listConsoleLinksAction(serviceId: string): Promise<ConsoleLinksView | null> {
  const ctx = await resellerContext().catch(() => null);
  if (!ctx) return null;
  try {
    // Expired and revoked links too: the card shows what became of each.
    const [casts, sessions] = await Promise.all([listConsoleCasts(ctx, { serviceId, include: "all" }), listConsoleSessions(ctx, { serviceId, limit: ACTIVITY_ROWS })]);
    return { casts: casts.map(toConsoleCastView), activity: sessions.map(toConsoleActivityView) };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

// The form's shape only; the ranges and defaults are the domain's (the spec's console cast body).
const CreateCastInput = z.object({
  label: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  viewOnly: z.boolean().optional(),
  openTtlSeconds: z.number({ error: "Choose how long the link can be opened" }).int().optional(),
  viewerTtlSeconds: z.number({ error: "Choose how long a viewer can watch" }).int().optional(),
});

export type CreateConsoleLinkInput = z.input<typeof CreateCastInput>;

/** A new cast link; `url` is in this answer only (the database keeps a hash of its ticket). */
export async function createConsoleLinkAction(serviceId: string, input: CreateConsoleLinkInput): Promise<ActionResult<{ link: ConsoleCastView; url: string }>> {
  return runAction(async () => {
    const body = parseActionInput(CreateCastInput, input);
    const cast = await createConsoleCast(await resellerContext(), { serviceId, ...body });
    // A created link always carries its URL; a document without one is a bug, not a refusal.
    if (!cast.url) throw new Error("the created console link has no url");
    return { data: { link: toConsoleCastView(cast), url: cast.url }, message: "Console link created" };
  }, LOG);
}

/** Revokes the link (idempotent): it can no longer be opened. */
export async function revokeConsoleLinkAction(serviceId: string, castId: string): Promise<ActionResult> {
  return runAction(async () => {
    await revokeConsoleCast(await resellerContext(), { serviceId, castId });
    return "Console link revoked: it can no longer be opened";
  }, LOG);
}
