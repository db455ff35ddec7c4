// PLACEHOLDER until h/sessions merges (the real module has the same name without ".pending" and the
// same signatures): it does the tenant check only, then refuses. Delete on merge and drop ".pending"
// from the imports.
import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import type { ConsoleSessionAuditRow } from "./console-documents.pending";

export async function listConsoleSessions(ctx: ServiceContext, input: { serviceId: string; limit?: number }): Promise<ConsoleSessionAuditRow[]> {
  await serviceInScopeOrThrow(ctx, input.serviceId);
  throw new DomainError("unavailable", "Consoles are not available yet");
}
