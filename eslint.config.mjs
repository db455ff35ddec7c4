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
// Domain code takes the database from its caller (ctx, options.db): only entry points read the
// process database. lib/api and lib/jobs are entry points; lib/db defines getDb. lib/auth/session.ts
// is request glue like auth.ts: getViewer() reads the current request's Auth.js session (React
// cache(), no arguments, called by every page), so it reads the process database itself.
const GET_DB = {
  name: "@/lib/db/client",
  importNames: ["getDb"],
  message: "Domain code takes db from its caller (ctx/options.db); only entry points (app/, lib/api, lib/jobs) read the process database.",
};
const READS_PROCESS_DB = ["lib/jobs/**", "lib/db/**", "lib/auth/session.ts"];
// The browser's own dialogs are unstyled, block the page and skip the portals' wording: ask with
// components/ui/dialog.tsx (ConfirmDialog) or components/ui/type-to-confirm-dialog.tsx, tell with a toast.
const BROWSER_DIALOG = "Use ConfirmDialog (components/ui/dialog.tsx), TypeToConfirmDialog or a toast, not the browser's dialogs.";
const BROWSER_DIALOGS = ["alert", "confirm", "prompt"].map((name) => ({ name, message: BROWSER_DIALOG }));

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".data/**", "lib/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/api/**", ...READS_PROCESS_DB, ...TESTS],
    rules: { "no-restricted-imports": ["error", { paths: [GET_DB], patterns: [API, APP] }] },
  },
  {
    // The same layering without the getDb ban (one block per file: a second no-restricted-imports would replace the first).
    files: READS_PROCESS_DB,
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [API, APP] }] },
  },
  {
    files: ["lib/api/**/*.ts"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [APP] }] },
  },
  {
    // The game node is its own process (docs/game-servers.md): it never imports the portal's pages,
    // HTTP layer or database.
    files: ["game-node/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [API, APP, { ...DATABASE, allowTypeImports: false, message: "The game node has no database: the portal owns it." }] }] },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [DATABASE, APP] }] },
  },
  {
    rules: {
      "no-restricted-globals": ["error", ...BROWSER_DIALOGS],
      // window.confirm(), globalThis.alert(), self.prompt(): the globals rule sees only bare names.
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name=/^(alert|confirm|prompt)$/]", message: BROWSER_DIALOG },
        { selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.value=/^(alert|confirm|prompt)$/]", message: BROWSER_DIALOG },
      ],
      "@next/next/no-html-link-for-pages": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
]);
