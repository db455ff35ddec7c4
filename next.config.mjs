// @ts-check
import { realpathSync } from "node:fs";
import path from "node:path";

// A git worktree may link node_modules to the main checkout; Turbopack resolves only under its
// root, so the root is the closest directory holding both the project and the real node_modules.
/** @returns {string} */
function turbopackRoot() {
  const project = path.resolve(import.meta.dirname);
  let root = path.dirname(realpathSync(path.join(project, "node_modules")));
  while (project !== root && !project.startsWith(root + path.sep)) root = path.dirname(root);
  return root;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // server.ts owns the process (websockets, background runner, database handle), so no standalone output.
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root: turbopackRoot() },
  // The API's root is /v1/ (customer-api.md: `GET /` under {base_url}); no 308 to /v1.
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
  // `npm test` type-checks the whole tree (tsc --noEmit); repeating it in every start-up build only costs time.
  typescript: { ignoreBuildErrors: true },
  // Loaded by Node at run time rather than bundled: WebAssembly Postgres, native argon2, ws, the Inngest SDK, pdfkit (it reads its font metrics from its own package at run time).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "ws", "inngest", "@prisma/schema-engine-wasm", "pdfkit"],
};

export default nextConfig;
