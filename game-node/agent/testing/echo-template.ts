// Templates for the agent's tests: real `node -e` processes that behave like a small game server.
import type { GameTemplate } from "../../templates/template-types";

/** Prints its greeting and "Ready", echoes each stdin line as "echo: <line>", exits on "stop"; "flood N" prints N lines of 1000 bytes. */
const ECHO_SCRIPT = `
const rl = require("node:readline").createInterface({ input: process.stdin });
console.log(process.env.GREETING + " on port " + process.env.SERVER_PORT + " runtime " + process.env.RUNTIME_DIR);
console.log("Ready");
rl.on("line", (line) => {
  if (line === "stop") process.exit(0);
  if (line.startsWith("flood ")) {
    process.stdout.write(("y".repeat(1000) + "\\n").repeat(Number(line.slice(6))));
    console.log("flood done");
    return;
  }
  console.log("echo: " + line);
});
`;

function echoTemplate(id: string, overrides: Partial<GameTemplate> = {}): GameTemplate {
  return {
    id,
    name: `Echo (${id})`,
    description: "A node -e script that echoes its console.",
    runtime: null,
    variables: [
      { key: "GREETING", name: "Greeting", description: "", default: "hello", rule: { kind: "string", pattern: "[a-z ]*", maxLength: 32 }, userEditable: true },
      { key: "MAX_PLAYERS", name: "Max players", description: "", default: "10", rule: { kind: "int", min: 1, max: 100 }, userEditable: true },
    ],
    async install(root, context) {
      const existing = await root.list("/");
      if (!existing.some((entry) => entry.name === "server.properties")) await root.write("/server.properties", `greeting=${context.vars.GREETING}\nport=${context.port}\n`);
    },
    startup(context) {
      return {
        command: process.execPath,
        args: ["-e", ECHO_SCRIPT],
        env: { GREETING: context.vars.GREETING, SERVER_PORT: String(context.port), RUNTIME_DIR: String(context.runtimeDir) },
        stopCommand: "stop",
        readyPattern: /^Ready$/,
        memoryLimitMb: context.memoryMb,
        stopGraceMs: 3000,
      };
    },
    ...overrides,
  };
}

export const ECHO = echoTemplate("echo");
/** Its install throws, as a download that fails would. */
export const BROKEN = echoTemplate("broken", {
  async install() {
    throw new Error("the download server answered 503");
  },
});
/** Needs a runtime: the agent must call ensureRuntime and hand its directory to the startup. */
export const WITH_RUNTIME = echoTemplate("with-runtime", { runtime: { packageName: "fake-game", version: "1.2.3" } });
