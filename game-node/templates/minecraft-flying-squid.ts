// "Minecraft Java Edition (flying-squid)" (docs/game-servers.md#templates): a Minecraft server written
// in Node (PrismarineJS' flying-squid), so a node needs no Java. The package is the template's runtime,
// installed once per node by ensureRuntime; each server gets a small launcher (start.mjs) and a
// server.properties the user edits in the file manager.
import { flyingSquidLauncher, type FileProperty, type LauncherProperty } from "./flying-squid-launcher";
import { maxOldSpaceSizeMb } from "./nodejs-app";
import type { GameTemplate, StartupContext, TemplateVariable } from "./template-types";
import { resolveVariables } from "./template-variables";
import { writeIfMissing } from "./write-if-missing";

export const FLYING_SQUID_VERSION = "1.12.0";

/** The Minecraft versions flying-squid 1.12.0 is tested with (its src/lib/version.js), newest last. */
export const FLYING_SQUID_MINECRAFT_VERSIONS = [
  "1.8.8", "1.9.4", "1.10.2", "1.11.2", "1.12.2", "1.13.2", "1.14.4", "1.15.2", "1.16.5", "1.17.1", "1.18", "1.18.2",
  "1.19", "1.19.2", "1.19.3", "1.19.4", "1.20", "1.20.2", "1.20.3", "1.20.5", "1.21.1", "1.21.3", "1.21.4",
];

/** flying-squid's log line once the server accepts connections (src/lib/plugins/log.js). */
export const FLYING_SQUID_READY_PATTERN = /Server listening on port \d+/;

// Printable text only: a control character in the MOTD would break the properties file and the console.
const NO_CONTROL = "[^\\u0000-\\u001f\\u007f]*";

const VARIABLES: TemplateVariable[] = [
  {
    key: "MOTD",
    name: "Message of the day",
    description: "Shown under the server's name in the multiplayer list.",
    default: "A Rackfront Minecraft server",
    rule: { kind: "string", pattern: NO_CONTROL, maxLength: 100 },
    userEditable: true,
  },
  {
    key: "MAX_PLAYERS",
    name: "Max players",
    description: "How many players may be online at once.",
    default: "20",
    rule: { kind: "int", min: 1, max: 200 },
    userEditable: true,
  },
  {
    key: "GAMEMODE",
    name: "Game mode",
    description: "The mode new players start in.",
    default: "survival",
    rule: { kind: "enum", values: ["survival", "creative", "adventure", "spectator"] },
    userEditable: true,
  },
  {
    key: "DIFFICULTY",
    name: "Difficulty",
    description: "The world's difficulty.",
    default: "easy",
    rule: { kind: "enum", values: ["peaceful", "easy", "normal", "hard"] },
    userEditable: true,
  },
  {
    key: "ONLINE_MODE",
    name: "Online mode",
    description: "Check players' accounts with Mojang. Off lets anyone join under any name.",
    default: "false",
    rule: { kind: "bool" },
    userEditable: true,
  },
  {
    key: "VERSION",
    name: "Minecraft version",
    description: "The game version players connect with. Each version keeps its own world folder.",
    default: FLYING_SQUID_MINECRAFT_VERSIONS[FLYING_SQUID_MINECRAFT_VERSIONS.length - 1],
    rule: { kind: "enum", values: FLYING_SQUID_MINECRAFT_VERSIONS },
    userEditable: true,
  },
  {
    key: "WORLD_SEED",
    name: "World seed",
    description: "A number up to 9 digits for a new world; empty picks one at random. An existing world keeps its seed.",
    default: "",
    rule: { kind: "string", pattern: "\\d{0,9}", maxLength: 9 },
    userEditable: true,
  },
  {
    key: "LEVEL_TYPE",
    name: "World type",
    description: "default: hills and water; flat: a flat grass world. Applies to a new world.",
    default: "default",
    rule: { kind: "enum", values: ["default", "flat"] },
    userEditable: true,
  },
];

const PROPERTY_OF_VARIABLE: Record<string, string> = {
  MOTD: "motd",
  MAX_PLAYERS: "max-players",
  GAMEMODE: "gamemode",
  DIFFICULTY: "difficulty",
  ONLINE_MODE: "online-mode",
  WORLD_SEED: "level-seed",
  LEVEL_TYPE: "level-type",
};

const LAUNCHER_PROPERTIES: LauncherProperty[] = VARIABLES.filter((v) => PROPERTY_OF_VARIABLE[v.key]).map((v) => ({
  key: PROPERTY_OF_VARIABLE[v.key],
  env: v.key,
  rule: v.rule,
}));

const FILE_ONLY_PROPERTIES: FileProperty[] = [
  { key: "view-distance", default: "10", rule: { kind: "int", min: 2, max: 32 } },
  { key: "level-name", default: "world", rule: { kind: "string", pattern: "[A-Za-z0-9_][A-Za-z0-9_.-]*", maxLength: 64 } },
];

function escapeProperty(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

/** The server.properties a new server starts with: the variables' values, then the file-only keys. */
export function initialServerProperties(context: StartupContext): string {
  const vars = resolveVariables({ variables: VARIABLES }, context.vars);
  const lines = [
    "# Minecraft server settings (flying-squid). Edit, save and restart the server to apply them.",
    "# server-port is set by the node on every start.",
    ...LAUNCHER_PROPERTIES.map((p) => `${p.key}=${escapeProperty(vars[p.env])}`),
    ...FILE_ONLY_PROPERTIES.map((p) => `${p.key}=${p.default}`),
    `server-port=${context.port}`,
  ];
  return lines.join("\n") + "\n";
}

export const minecraftFlyingSquid: GameTemplate = {
  id: "minecraft-flying-squid",
  name: "Minecraft Java Edition (flying-squid)",
  description:
    "A Minecraft Java Edition server written in Node.js (flying-squid). Light and quick to start; survival features are partial.",
  variables: VARIABLES,
  runtime: { packageName: "flying-squid", version: FLYING_SQUID_VERSION },

  async install(root, context) {
    await writeIfMissing(root, "/start.mjs", flyingSquidLauncher(LAUNCHER_PROPERTIES, FILE_ONLY_PROPERTIES));
    await writeIfMissing(root, "/server.properties", initialServerProperties(context));
  },

  startup(context: StartupContext) {
    if (!context.runtimeDir) throw new Error("The Minecraft template needs its runtime: call ensureRuntime first.");
    const vars = resolveVariables({ variables: VARIABLES }, context.vars);
    return {
      command: process.execPath,
      args: [`--max-old-space-size=${maxOldSpaceSizeMb(context.memoryMb)}`, "start.mjs"],
      env: { ...vars, RACKFRONT_RUNTIME_DIR: context.runtimeDir, SERVER_PORT: String(context.port), SERVER_MEMORY: String(context.memoryMb) },
      // flying-squid's console command: kicks the players, closes the server and exits 0.
      stopCommand: "stop",
      readyPattern: FLYING_SQUID_READY_PATTERN,
      memoryLimitMb: context.memoryMb,
      stopGraceMs: 15_000,
    };
  },
};
