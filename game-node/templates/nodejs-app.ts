// "Node.js app" (docs/game-servers.md#templates): runs the user's own script with the node binary that
// runs the agent, so there is no runtime to install. A starter app is written on install so a new
// server answers on its port at once; the user replaces it through the file manager or SFTP.
import type { GameTemplate, StartupContext, TemplateVariable } from "./template-types";
import { variableValue } from "./template-variables";
import { writeIfMissing } from "./write-if-missing";

// Path segments that cannot start with a dot or a dash: no `..`, no hidden tricks, no leading `/`,
// and nothing node could read as one of its own options.
const SEGMENT = "[A-Za-z0-9_][A-Za-z0-9_.-]*";
export const MAIN_FILE_PATTERN = `${SEGMENT}(?:/${SEGMENT})*\\.(?:js|mjs|cjs)`;

const VARIABLES: TemplateVariable[] = [
  {
    key: "MAIN_FILE",
    name: "Main file",
    description: "The script node runs, relative to the server's folder (for example index.js or dist/server.mjs).",
    default: "index.js",
    rule: { kind: "string", pattern: MAIN_FILE_PATTERN, maxLength: 200 },
    userEditable: true,
  },
];

/** The console line that moves the server to running: the starter prints it, and so do most HTTP apps. */
export const NODEJS_READY_PATTERN = /\blistening on\b/i;

// Plain CommonJS with no dependencies, so it runs straight after install without `npm install`.
export const STARTER_INDEX_JS = `// Your app starts here. Replace this file (or set "Main file") with your own code.
// The port your app must listen on is in process.env.PORT.
const http = require("node:http");
const readline = require("node:readline");

const port = Number(process.env.PORT) || 8080;
const server = http.createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
  response.end("Hello from Rackfront\\n");
});
server.listen(port, () => console.log("Listening on port " + port));

// Console commands arrive on stdin, one per line.
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() === "stop") shutdown();
  else console.log("> " + line);
});

// The panel's stop button sends SIGTERM: close the server and let the process end.
process.on("SIGTERM", shutdown);
function shutdown() {
  console.log("Shutting down");
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
`;

export const STARTER_PACKAGE_JSON = `${JSON.stringify(
  { name: "rackfront-app", version: "1.0.0", private: true, main: "index.js", scripts: { start: "node index.js" } },
  null,
  2,
)}\n`;

/** V8's heap cap: below the supervisor's memory limit so V8 collects harder before the watchdog kills. */
export function maxOldSpaceSizeMb(memoryMb: number): number {
  return Math.max(32, Math.floor(memoryMb * 0.75));
}

export const nodejsApp: GameTemplate = {
  id: "nodejs-app",
  name: "Node.js app",
  description: "Runs your own Node.js script (index.js by default) on the server's port, given in PORT.",
  variables: VARIABLES,
  runtime: null,

  async install(root) {
    await writeIfMissing(root, "/index.js", STARTER_INDEX_JS);
    await writeIfMissing(root, "/package.json", STARTER_PACKAGE_JSON);
  },

  startup(context: StartupContext) {
    const mainFile = variableValue(VARIABLES, context.vars, "MAIN_FILE");
    return {
      command: process.execPath,
      // `--` ends node's options, so the file name can never be taken for one.
      args: [`--max-old-space-size=${maxOldSpaceSizeMb(context.memoryMb)}`, "--", mainFile],
      env: {
        PORT: String(context.port),
        SERVER_PORT: String(context.port),
        SERVER_MEMORY: String(context.memoryMb),
        NODE_ENV: "production",
      },
      // Node apps conventionally end on SIGTERM; a stop command would only add a grace period for the
      // many that do not read stdin.
      stopCommand: null,
      readyPattern: NODEJS_READY_PATTERN,
      memoryLimitMb: context.memoryMb,
      stopGraceMs: 10_000,
    };
  },
};
