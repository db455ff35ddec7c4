import { defineConfig } from "prisma/config";

// Migrations are applied by scripts/db-migrate.ts through the WebAssembly schema engine
// (see docs/architecture.md); the CLI is only used for `prisma generate`.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
