// Runs `prisma generate` offline and only when schema.prisma changed since the last run.
// The Prisma CLI insists on a schema-engine binary even though generate never uses it;
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies that check.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const schema = readFileSync(path.join(root, "prisma/schema.prisma"));
const pkg = JSON.parse(readFileSync(path.join(root, "node_modules/prisma/package.json"), "utf8"));
const stamp = createHash("sha256").update(schema).update(pkg.version).digest("hex");
const out = path.join(root, "lib/generated/prisma");
const stampFile = path.join(out, ".schema-hash");

if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp && !process.argv.includes("--force")) {
  process.exit(0);
}
const result = spawnSync(process.execPath, [path.join(root, "node_modules/prisma/build/index.js"), "generate"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, stamp);
