import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameDocument, type GameDocument } from "./game-document";

/**
 * The service document's `game` section: the game server document, or `{server: null, capabilities:
 * null}` while no server is placed (or the module is off). The caller has done the tenant check.
 */
export async function gameSection(ctx: ServiceContext, serviceId: string): Promise<GameDocument | { server: null; capabilities: null }> {
  try {
    return await gameDocument(ctx, { serviceId });
  } catch (error) {
    if (error instanceof DomainError && (error.kind === "conflict" || error.kind === "forbidden")) return { server: null, capabilities: null };
    throw error;
  }
}
