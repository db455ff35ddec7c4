import { parse } from "@marcbachmann/cel-js";

export type CelContext = Record<string, unknown>;
export type CelProgram = (context: CelContext) => unknown;

/**
 * Compiles a CEL expression as Inngest uses them (`event.data.x == 'y'`, `async.data.id == event.data.id`).
 * Syntax errors throw here, at registration, naming where the expression came from; evaluation errors
 * (a missing key, a type mismatch) are the caller's to treat as "no match".
 */
const cache = new Map<string, CelProgram>();
const CACHE_LIMIT = 500;

export function compileCel(expression: string, where: string): CelProgram {
  const cached = cache.get(expression);
  if (cached) return cached;
  let program: (context: CelContext) => unknown;
  try {
    program = parse(expression);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new Error(`${where}: the CEL expression ${JSON.stringify(expression)} does not parse (${reason})`);
  }
  const compiled: CelProgram = (context) => program(context);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(expression, compiled);
  return compiled;
}

/** Runs a compiled condition; an expression that cannot be evaluated against this data does not match. */
export function celMatches(program: CelProgram, context: CelContext): boolean {
  try {
    return program(context) === true;
  } catch {
    return false;
  }
}
