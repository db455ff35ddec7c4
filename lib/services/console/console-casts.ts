import { nodeIsShared } from "@/lib/backends/nodes/node-is-shared";
import type { DbOrTx } from "@/lib/db/client";
import { DomainError, type FieldIssue } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { publicOrigin } from "@/lib/platform/public-origin";
import { assertServiceControl } from "../assert-service-control";
import { findAccountResellerId } from "../find-account-reseller";
import { findServiceMachine } from "../find-service-machine";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { backendOf } from "../service-controls";
import { CAST_KIND_REFUSED, CAST_RESELLERS_ONLY, CAST_VIEW_ONLY_SHARED, CONSOLE_CAST_NOT_FOUND } from "../service-rules";
import { castDocument } from "./cast-document";
import { castIsLive } from "./cast-state";
import type { ConsoleCastDocument } from "./console-documents";
import { CAST_OPEN_TTL, CAST_VIEWER_TTL } from "./console-lifetimes";
import { mintConsoleSecret } from "./console-secret";

export interface CreateConsoleCastInput {
  serviceId: string;
  label?: string | null;
  viewOnly?: boolean;
  openTtlSeconds?: number;
  viewerTtlSeconds?: number;
}

export const CAST_LABEL_MAX = 100;

/** The page a cast link opens (no sign-in). */
export function castUrl(ticket: string): string {
  return `${publicOrigin()}/cast/${ticket}`;
}

function rangeIssue(field: string, value: number | undefined, range: { min: number; max: number }): FieldIssue | null {
  if (value === undefined) return null;
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return null;
  return { field, message: `${field} must be an integer from ${range.min} to ${range.max}` };
}

/** Whether the service's VPS runs on a shared cluster; a VPS not placed yet is not on one. */
export async function onSharedCluster(db: DbOrTx, serviceId: string): Promise<boolean> {
  const machine = await findServiceMachine(db, serviceId);
  return machine?.kind === "vps" && nodeIsShared(machine.vm.node.config);
}

/**
 * A console-cast link on one of the actor's services (404 outside its scope): 400 for anything not
 * a VPS or dedicated server, 403 suspended, terminated or console switched off, 400 a TTL out of
 * range, 400 view-only on a shared-cluster VPS. Whatever the machine's power state (DECISIONS 13:
 * the viewer waits for a display). The ticket is shown once, in `url` and `ticket`.
 */
export async function createConsoleCast(ctx: ServiceContext, input: CreateConsoleCastInput): Promise<ConsoleCastDocument> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", CAST_KIND_REFUSED);
  assertServiceControl(service, "console");
  const issues = [rangeIssue("openTtlSeconds", input.openTtlSeconds, CAST_OPEN_TTL), rangeIssue("viewerTtlSeconds", input.viewerTtlSeconds, CAST_VIEWER_TTL)].filter((i): i is FieldIssue => i !== null);
  const label = (input.label ?? "").trim() || service.hostname || service.name;
  if (label.length > CAST_LABEL_MAX) issues.push({ field: "label", message: `label must be at most ${CAST_LABEL_MAX} characters` });
  if (issues.length) throw new DomainError("invalid", "Validation failed", { details: issues });
  const viewOnly = input.viewOnly ?? false;
  if (viewOnly && backend === "vps" && (await onSharedCluster(ctx.db, service.id))) throw new DomainError("invalid", CAST_VIEW_ONLY_SHARED);
  const resellerId = await findAccountResellerId(ctx.db, service.accountId);
  if (!resellerId) throw new DomainError("forbidden", CAST_RESELLERS_ONLY);
  const ticket = mintConsoleSecret();
  const cast = await ctx.db.consoleCast.create({
    data: {
      serviceId: service.id,
      resellerId,
      ticketHash: ticket.hash,
      label,
      viewOnly,
      openExpiresAt: new Date(ctx.now.getTime() + (input.openTtlSeconds ?? CAST_OPEN_TTL.default) * 1000),
      viewerTtlSeconds: input.viewerTtlSeconds ?? CAST_VIEWER_TTL.default,
      createdAt: ctx.now,
    },
  });
  return castDocument(cast, ctx.now, { url: castUrl(ticket.value), ticket: ticket.value });
}

/**
 * The service's cast links, newest first, without URLs. `live` (the API's listing): links that can
 * still be opened or are being watched (pending or open); `all` adds expired and revoked ones (the
 * reseller portal's card shows them with their status).
 */
export async function listConsoleCasts(ctx: ServiceContext, input: { serviceId: string; include?: "live" | "all" }): Promise<ConsoleCastDocument[]> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const rows = await ctx.db.consoleCast.findMany({ where: { serviceId: service.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 200 });
  const shown = input.include === "all" ? rows : rows.filter((r) => castIsLive(r, ctx.now));
  return shown.map((r) => castDocument(r, ctx.now));
}

/**
 * Revokes a cast link (idempotent: a revoked link answers as it is). Allowed in every service state:
 * revoking only takes access away. Its open viewers are closed by the relay (closeReason).
 */
export async function revokeConsoleCast(ctx: ServiceContext, input: { serviceId: string; castId: string }): Promise<ConsoleCastDocument> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (!isUuid(input.castId)) throw new DomainError("not_found", CONSOLE_CAST_NOT_FOUND);
  const where = { id: input.castId, serviceId: service.id };
  await ctx.db.consoleCast.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: ctx.now } });
  const cast = await ctx.db.consoleCast.findFirst({ where });
  if (!cast) throw new DomainError("not_found", CONSOLE_CAST_NOT_FOUND);
  return castDocument(cast, ctx.now);
}
