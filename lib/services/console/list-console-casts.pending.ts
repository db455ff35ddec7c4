// PLACEHOLDER until h/sessions merges (the real module has the same name without ".pending"): it does
// the tenant check only, then refuses. Delete on merge and drop ".pending" from the imports.
import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import type { ConsoleCastLink } from "./console-cast-link.pending";

export async function listConsoleCasts(ctx: ServiceContext, input: { serviceId: string }): Promise<ConsoleCastLink[]> {
  await serviceInScopeOrThrow(ctx, input.serviceId);
  throw new DomainError("unavailable", "Consoles are not available yet");
}
