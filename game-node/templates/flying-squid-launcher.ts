// The `start.mjs` the Minecraft template writes into a server's folder (docs/game-servers.md#templates).
// It is plain JavaScript run by the node binary, outside this project's build, so it lives here as
// text. It reads `server.properties` over the panel's variables, writes the merged file back, and
// starts flying-squid from the runtime folder the node passes in RACKFRONT_RUNTIME_DIR.
import type { VariableRule } from "./template-types";

/** A server.properties key the panel also sets through a variable (env). */
export type LauncherProperty = { key: string; env: string; rule: VariableRule };
/** A server.properties key with no variable: only the file sets it. */
export type FileProperty = { key: string; default: string; rule: VariableRule };

export function flyingSquidLauncher(properties: LauncherProperty[], fileOnly: FileProperty[]): string {
  // String.raw keeps the launcher's backslashes as written; only the two tables are interpolated.
  return String.raw`// Rackfront's launcher for flying-squid. Written once by the template; delete it and reinstall
// to get a newer one. Settings: edit server.properties and restart the server.
//
// A key the panel also sets (its variables) follows whichever side changed last: a value typed into
// this file wins until the panel's variable is changed, then the panel's value is written here.
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const PROPERTIES = ${JSON.stringify(properties)};
const FILE_ONLY = ${JSON.stringify(fileOnly)};
const PROPERTIES_FILE = "server.properties";
const STATE_FILE = "rackfront-launcher.json";

// flying-squid's readline prompt ("> ") and cursor moves are for a terminal; in the panel's console
// (a pipe) they would only clutter each line.
if (!process.stdout.isTTY) {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    if (chunk === "> " || chunk === "\x1b[1G" || chunk === "\x1b[0G") return true;
    return write(chunk, ...rest);
  };
}

function fits(rule, value) {
  if (rule.kind === "int") return /^-?\d{1,15}$/.test(value) && Number(value) >= rule.min && Number(value) <= rule.max;
  if (rule.kind === "enum") return rule.values.includes(value);
  if (rule.kind === "bool") return value === "true" || value === "false";
  return value.length <= rule.maxLength && new RegExp("^(?:" + rule.pattern + ")$", "u").test(value);
}

function unescape(text) {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c) =>
    c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : c === "n" ? "\n" : c === "r" ? "\r" : c === "t" ? "\t" : c);
}

function escape(text) {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

// key=value (or key:value) lines; comments and blank lines are kept as they are when writing back.
function readProperties() {
  let text = "";
  try {
    text = fs.readFileSync(PROPERTIES_FILE, "utf8");
  } catch {}
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  const values = new Map();
  for (const line of lines) {
    const trimmed = line.trimStart();
    if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("!")) continue;
    const match = /^((?:\\.|[^=:\s\\])+)\s*[=:\s]\s*(.*)$/.exec(trimmed) || [null, trimmed, ""];
    values.set(unescape(match[1]), unescape(match[2]));
  }
  return { lines, values };
}

function writeProperties(lines, chosen) {
  const pending = new Map(chosen);
  const out = lines.map((line) => {
    const trimmed = line.trimStart();
    if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("!")) return line;
    const key = unescape((/^((?:\\.|[^=:\s\\])+)/.exec(trimmed) || [""])[0]);
    if (!pending.has(key)) return line;
    const value = pending.get(key);
    pending.delete(key);
    return key + "=" + escape(value);
  });
  for (const [key, value] of pending) out.push(key + "=" + escape(value));
  fs.writeFileSync(PROPERTIES_FILE + ".tmp", out.join("\n") + "\n");
  fs.renameSync(PROPERTIES_FILE + ".tmp", PROPERTIES_FILE);
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")).variables || {};
  } catch {
    return {};
  }
}

const runtimeDir = process.env.RACKFRONT_RUNTIME_DIR;
if (!runtimeDir) {
  console.error("RACKFRONT_RUNTIME_DIR is not set: start this server from the panel.");
  process.exit(1);
}
const port = Number(process.env.SERVER_PORT);
const { lines, values } = readProperties();
const lastVariables = readState();
const chosen = new Map();

for (const property of PROPERTIES) {
  const variable = process.env[property.env] ?? "";
  const inFile = values.get(property.key);
  const panelChanged = lastVariables[property.env] !== undefined && lastVariables[property.env] !== variable;
  if (inFile !== undefined && !fits(property.rule, inFile)) {
    console.log("[Rackfront] server.properties: " + property.key + "=" + inFile + " is not allowed here; using " + JSON.stringify(variable));
    chosen.set(property.key, variable);
  } else if (inFile === undefined || panelChanged) {
    chosen.set(property.key, variable);
  } else {
    chosen.set(property.key, inFile);
  }
}
for (const property of FILE_ONLY) {
  const inFile = values.get(property.key);
  const ok = inFile !== undefined && fits(property.rule, inFile);
  if (inFile !== undefined && !ok) console.log("[Rackfront] server.properties: " + property.key + "=" + inFile + " is not allowed here; using " + property.default);
  chosen.set(property.key, ok ? inFile : property.default);
}
// The node gives each server its port; the file shows it but cannot change it.
chosen.set("server-port", String(port));
writeProperties(lines, chosen);
fs.writeFileSync(STATE_FILE, JSON.stringify({
  note: "The panel's variables at the last start: start.mjs compares them to tell whether the panel or server.properties changed a setting last.",
  variables: Object.fromEntries(PROPERTIES.map((p) => [p.env, process.env[p.env] ?? ""])),
}, null, 2) + "\n");

const require = createRequire(path.join(runtimeDir, "package.json"));
const flyingSquid = require("flying-squid");
const defaults = require("flying-squid/config/default-settings.json");
const { version: squidVersion } = require("flying-squid/package.json");

const version = process.env.VERSION || defaults.version;
const motd = chosen.get("motd");
const seed = Number(chosen.get("level-seed") || 0);
const settings = {
  ...defaults,
  port,
  motd,
  "max-players": Number(chosen.get("max-players")),
  "online-mode": chosen.get("online-mode") === "true",
  gameMode: ["survival", "creative", "adventure", "spectator"].indexOf(chosen.get("gamemode")),
  difficulty: ["peaceful", "easy", "normal", "hard"].indexOf(chosen.get("difficulty")),
  "view-distance": Number(chosen.get("view-distance")),
  logging: true,
  "everybody-op": false,
  version,
  // flying-squid cannot upgrade a world between versions, so each version gets a world of its own.
  worldFolder: chosen.get("level-name") + "/" + version,
  generation: {
    name: chosen.get("level-type") === "flat" ? "superflat" : "diamond_square",
    options: { worldHeight: 80, ...(seed ? { seed } : {}) },
  },
  "player-list-text": { header: { text: motd }, footer: { text: "" } },
};

console.log("[Rackfront] flying-squid " + squidVersion + ", Minecraft " + version + ", port " + port);
// What this start uses, so an edit of server.properties shows in the console once restarted.
console.log("[Rackfront] motd " + JSON.stringify(motd) + ", max-players " + settings["max-players"] + ", gamemode " + chosen.get("gamemode") + ", difficulty " + chosen.get("difficulty"));
const serv = flyingSquid.createMCServer(settings);
// Console commands work with or without the slash players type in chat ("say hi" or "/say hi").
const handleCommand = serv.handleCommand;
serv.handleCommand = (line) => handleCommand(line.replace(/^\s*\//, ""));

process.on("unhandledRejection", (error) => console.log(error && error.stack ? error.stack : String(error)));
`;
}
