import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layering (docs/architecture.md, "Layers"): the domain (lib/<domain>) never reaches up into the
// HTTP layer (lib/api) or the pages (app/); components never touch the database; background jobs
// call the domain, not the API. Tests and test kits may cross layers.
const API = { group: ["@/lib/api", "@/lib/api/*", "**/lib/api/*", "../api/*", "../../api/*", "../../../api/*"], message: "The domain never imports the HTTP layer (lib/api): move the rule into lib/<domain> and let the API call it." };
const APP = { group: ["@/app/*", "**/app/*"], message: "Only app/ imports app/: move shared code into lib/ or components/." };
const DATABASE = {
  group: ["@/lib/db/*", "@/lib/generated/prisma/client", "@prisma/*", "pg", "@electric-sql/*"],
  allowTypeImports: true,
  message: "Components never touch the database: a page or server action reads through lib/<domain> and passes the data down.",
};
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "lib/testing/**"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".data/**", "lib/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/api/**", ...TESTS],
    rules: { "no-restricted-imports": ["error", { patterns: [API, APP] }] },
  },
  {
    files: ["lib/api/**/*.ts"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [APP] }] },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [DATABASE, APP] }] },
  },
  {
    rules: {
      "@next/next/no-html-link-for-pages": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
]);
