import { minecraftFlyingSquid } from "./minecraft-flying-squid";
import { nodejsApp } from "./nodejs-app";
import type { GameTemplate } from "./template-types";

/** The templates every node ships (docs/game-servers.md#templates). */
export function builtInTemplates(): GameTemplate[] {
  return [nodejsApp, minecraftFlyingSquid];
}
