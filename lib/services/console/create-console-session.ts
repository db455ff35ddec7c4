import type { ConsoleChannel } from "@/lib/console/console-types";
import { DomainError } from "@/lib/errors/domain-error";
import { findAccountResellerId } from "../find-account-reseller";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { SERIAL_VPS_ONLY } from "../service-rules";
import { backendOf } from "../service-controls";
import { consoleAvailability } from "./console-availability";
import type { ConsoleSessionDocument } from "./console-documents";
import { mintConsoleSession } from "./mint-console-session";

export interface CreateConsoleSessionInput {
  serviceId: string;
  channel?: ConsoleChannel;
  /** Who asks: the customer panel or the reseller (API or portal); recorded for the audit. */
  role: "customer" | "reseller";
  viewOnly?: boolean;
}

/**
 * A one-shot console session on one of the actor's services (404 outside its scope). Refusals in
 * the spec's order: no backend 400, suspended or terminated 403, console switched off 403, serial
 * on a dedicated server 400, dedicated without a controller console 400, VM stopped or no display 409.
 */
export async function createConsoleSession(ctx: ServiceContext, input: CreateConsoleSessionInput): Promise<ConsoleSessionDocument> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const channel = input.channel ?? "rfb";
  if (channel === "serial" && backendOf(service.product) === "dedicated") throw new DomainError("invalid", SERIAL_VPS_ONLY);
  const availability = await consoleAvailability(ctx, service);
  if (!availability.available) throw availability.refusal;
  const resellerId = input.role === "reseller" ? await findAccountResellerId(ctx.db, service.accountId) : null;
  return mintConsoleSession(ctx.db, {
    serviceId: service.id,
    backend: availability.backend,
    channel,
    role: input.role,
    viewOnly: input.viewOnly ?? false,
    accountId: service.accountId,
    resellerId,
    now: ctx.now,
  });
}
