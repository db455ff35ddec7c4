import { builtInTemplates } from "@/game-node/templates/built-in-templates";
import type { GameTemplate } from "@/game-node/templates/template-types";

/** The templates nodes ship, by id (the portal validates variables against the same definitions). */
export function gameTemplateOrNull(id: string): GameTemplate | null {
  return builtInTemplates().find((t) => t.id === id) ?? null;
}
