// PLACEHOLDER until h/sessions merges (the real module has the same name without ".pending" and the
// same signatures): it does the tenant check only, then refuses. Delete on merge and drop ".pending"
// from the imports.
import { DomainError } from "@/lib/errors/domain-error";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import type { ConsoleCastDocument } from "./console-documents.pending";

export interface CreateConsoleCastInput {
  serviceId: string;
  label?: string | null;
  viewOnly?: boolean;
  openTtlSeconds?: number;
  viewerTtlSeconds?: number;
}

export async function createConsoleCast(ctx: ServiceContext, input: CreateConsoleCastInput): Promise<ConsoleCastDocument> {
  await serviceInScopeOrThrow(ctx, input.serviceId);
  throw new DomainError("unavailable", "Consoles are not available yet");
}

export async function listConsoleCasts(ctx: ServiceContext, input: { serviceId: string; include?: "live" | "all" }): Promise<ConsoleCastDocument[]> {
  await serviceInScopeOrThrow(ctx, input.serviceId);
  throw new DomainError("unavailable", "Consoles are not available yet");
}

export async function revokeConsoleCast(ctx: ServiceContext, input: { serviceId: string; castId: string }): Promise<ConsoleCastDocument> {
  await serviceInScopeOrThrow(ctx, input.serviceId);
  throw new DomainError("unavailable", "Consoles are not available yet");
}
