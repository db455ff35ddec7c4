// PLACEHOLDER until h/sessions merges (the real module has the same name without ".pending" and the
// same signatures): it does the tenant check only, then refuses. Delete on merge and drop ".pending"
// from the imports.
import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import type { ConsoleChannel } from "@/lib/console/console-types";
import type { ConsoleSessionDocument } from "./console-documents.pending";

/** Tests skip the paths that need the real sessions while this placeholder stands. */
export const CONSOLE_SERVICES_PENDING = true;

export interface CreateConsoleSessionInput {
  serviceId: string;
  channel?: ConsoleChannel;
  role: "customer" | "reseller";
  viewOnly?: boolean;
}

export async function createConsoleSession(ctx: ServiceContext, input: CreateConsoleSessionInput): Promise<ConsoleSessionDocument> {
  await serviceInScopeOrThrow(ctx, input.serviceId);
  throw new DomainError("unavailable", "Consoles are not available yet");
}
