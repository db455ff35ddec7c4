import type { GameTemplate } from "./template-types";

/** The templates every node ships; filled by the template modules (issue 15, in progress). */
export function builtInTemplates(): GameTemplate[] {
  return [];
}
