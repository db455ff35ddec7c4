import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// docs/decisions.md#r8: every domain operation the HTTP and portal layers call takes `(ctx, input)`,
// with the tenant check inside. This reads every value import from `@/lib/<domain>/…` in `app/` and
// `lib/api/` and refuses a function that still takes a database first or `{ db }` in its options, or
// a service row its caller looked up. Steps and look-ups that are not operations are listed below with
// the reason they may be called directly.

const root = path.resolve(import.meta.dirname, "../..");

/** Not domains: infrastructure and glue the entry points may call with a database. */
const NOT_DOMAINS = new Set(["db", "errors", "format", "schemas", "query", "actions", "api", "generated", "testing", "crypto", "auth", "ws", "jobs", "backends", "platform", "cooldowns"]);

/** Called directly on purpose; each with why it is not an operation. */
const GUARD = "an endpoint's guard applies this rule to the service it read, to refuse in the spec's order before the cool-down; the operation applies it again";
const LIST_ROWS = "builds the rows of services a scoped list (listServices) already returned";
const ALLOWED: Record<string, string> = {
  findScopedServiceOrThrow: GUARD,
  guardServiceAction: GUARD,
  assertCaptureOffered: GUARD,
  assertSnapshotsOffered: GUARD,
  serviceDocuments: LIST_ROWS,
  vpsDocumentOf: LIST_ROWS,
  dedicatedDocumentOf: LIST_ROWS,
  primaryAddressesOf: LIST_ROWS,
  projectsOfServices: LIST_ROWS,
  loadOrderRecord: "reads the order of a change the operation just returned to this actor",
  resolveProject: "resolves the request's project reference within the key's own account and project binding",
  getBaseCurrency: "a platform setting, the same for every actor",
  convert: "exchange rates are platform data, the same for every actor",
  getResellerHourlyCeiling: "the API's rate limiter, for the request's own key",
};

const SKIP_DIRS = new Set(["node_modules", "generated", "testing", ".next"]);
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (SKIP_DIRS.has(name)) continue;
    if (statSync(file).isDirectory()) sources(file, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string, text?: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, text ?? readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, sf);
  }
  return sf;
}

function resolveModule(spec: string, from: string): string | null {
  const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (existsSync(candidate)) return candidate;
  return null;
}

/** The parameters of the function `name` exports from `file`, following `export { x } from` once. */
function exportedParameters(file: string, name: string, depth = 0): { params: readonly ts.ParameterDeclaration[]; sf: ts.SourceFile } | null {
  const sf = parse(file);
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { params: st.parameters, sf };
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) {
          return { params: d.initializer.parameters, sf };
        }
      }
    }
    if (depth === 0 && ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      const el = st.exportClause.elements.find((e) => e.name.text === name);
      const target = el && resolveModule(st.moduleSpecifier.text, file);
      if (el && target) return exportedParameters(target, (el.propertyName ?? el.name).text, depth + 1);
    }
  }
  return null;
}

const DATABASE_FIRST = /^(Db|DbOrTx|Tx|Db \| Tx|BackendContext)$/;

/** Why a signature is not `(ctx, input)`, or null when it is. */
function signatureProblem(params: readonly ts.ParameterDeclaration[], sf: ts.SourceFile): string | null {
  const first = params[0]?.type?.getText(sf) ?? "";
  if (DATABASE_FIRST.test(first)) return `takes ${first} first`;
  const rowParam = params.find((p) => p.type?.getText(sf) === "ScopedService");
  if (rowParam) return "takes a service row its caller looked up";
  const dbOption = params.find((p) => p.type && ts.isTypeLiteralNode(p.type) && p.type.members.some((m) => m.name?.getText(sf) === "db"));
  if (dbOption && dbOption !== params[0]) return "takes { db } after its input";
  return null;
}

function violations(files: readonly string[]) {
  const out = new Map<string, { problem: string; callers: Set<string> }>();
  let checked = 0;
  const allowedSeen = new Set<string>();
  for (const file of files) {
    const sf = parse(file);
    for (const st of sf.statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.importClause?.isTypeOnly) continue;
      const domain = /^@\/lib\/([^/]+)\//.exec(st.moduleSpecifier.text)?.[1];
      const bindings = st.importClause?.namedBindings;
      if (!domain || NOT_DOMAINS.has(domain) || !bindings || !ts.isNamedImports(bindings)) continue;
      const target = resolveModule(st.moduleSpecifier.text, file);
      if (!target) continue;
      for (const el of bindings.elements) {
        if (el.isTypeOnly) continue;
        const name = (el.propertyName ?? el.name).text;
        const found = exportedParameters(target, name);
        if (!found) continue;
        checked++;
        const problem = signatureProblem(found.params, found.sf);
        if (problem && Object.hasOwn(ALLOWED, name)) allowedSeen.add(name);
        if (!problem || Object.hasOwn(ALLOWED, name)) continue;
        const key = `${path.relative(root, target)}: ${name}`;
        const entry = out.get(key) ?? { problem, callers: new Set<string>() };
        entry.callers.add(path.relative(root, file));
        out.set(key, entry);
      }
    }
  }
  return { checked, allowedSeen, found: [...out].map(([fn, { problem, callers }]) => `${fn} ${problem} (called from ${[...callers].join(", ")})`).sort() };
}

describe("one domain signature (docs/decisions.md#r8)", () => {
  it("every domain function the API and the portals call takes (ctx, input)", () => {
    const { checked, allowedSeen, found } = violations([...sources(path.join(root, "app")), ...sources(path.join(root, "lib/api"))]);
    // The scan really reads the imports: hundreds of domain functions are called from these layers.
    expect(checked).toBeGreaterThan(200);
    expect(found).toEqual([]);
    // An exception nobody needs any more is removed, so the list stays the truth.
    expect(Object.keys(ALLOWED).filter((name) => !allowedSeen.has(name))).toEqual([]);
  });

  it("refuses the old shapes and accepts the new one", () => {
    const sf = parse(
      "/virtual/shapes.ts",
      [
        "export async function a(db: Db, id: string) {}",
        "export async function b(actor: Actor, id: string, options: { db: DbOrTx }) {}",
        "export async function c(ctx: BackendContext, service: ScopedService) {}",
        "export async function d(ctx: ServiceContext, input: { serviceId: string }) {}",
        "export async function e({ db, actor }: ProjectContext, input: { ref: string }) {}",
      ].join("\n"),
    );
    const problems = sf.statements.filter(ts.isFunctionDeclaration).map((f) => signatureProblem(f.parameters, sf));
    expect(problems).toEqual(["takes Db first", "takes { db } after its input", "takes BackendContext first", null, null]);
  });
});
