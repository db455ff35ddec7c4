import type { AnyEndpoint, HttpMethod } from "./define-endpoint";

export type RouteLookup<E> =
  | { kind: "found"; endpoint: E; params: Record<string, string> }
  | { kind: "method_not_allowed"; allow: HttpMethod[] }
  | { kind: "not_found" };

/**
 * Splits an API-relative pathname into decoded segments; null when it cannot name a route
 * (empty segment inside the path, broken percent-encoding). One trailing slash is tolerated.
 */
export function splitPath(pathname: string): string[] | null {
  let p = pathname;
  if (p === "" || p === "/") return [];
  if (!p.startsWith("/")) return null;
  if (p.endsWith("/")) p = p.slice(0, -1);
  const out: string[] = [];
  for (const raw of p.slice(1).split("/")) {
    if (raw === "") return null;
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}

/** 0 per static segment, 1 per parameter: compared left to right, lower is more specific. */
function rank(e: AnyEndpoint): number[] {
  return e.segments.map((s) => (s.kind === "static" ? 0 : 1));
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * The dispatcher's route table. A path matching several templates goes to the most specific one
 * that accepts the method (`/options/available` before `/options/{optionId}`); a path whose
 * templates accept other methods only is 405 with `Allow`; anything else is 404.
 */
export function createRouteTable<E extends AnyEndpoint>(endpoints: readonly E[]) {
  const seen = new Set<string>();
  for (const e of endpoints) {
    const key = `${e.method} ${e.segments.map((s) => (s.kind === "static" ? s.value : "{}")).join("/")}`;
    if (seen.has(key)) throw new Error(`Two endpoints declare ${e.method} ${e.path}`);
    seen.add(key);
  }
  const ordered = [...endpoints].sort((a, b) => compareRank(rank(a), rank(b)));

  function match(e: E, segments: string[]): Record<string, string> | null {
    if (e.segments.length !== segments.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < segments.length; i++) {
      const s = e.segments[i]!;
      if (s.kind === "static") {
        if (s.value !== segments[i]) return null;
      } else {
        params[s.name] = segments[i]!;
      }
    }
    return params;
  }

  return {
    endpoints: ordered,
    lookup(method: string, pathname: string): RouteLookup<E> {
      const segments = splitPath(pathname);
      if (!segments) return { kind: "not_found" };
      const allow = new Set<HttpMethod>();
      for (const e of ordered) {
        const params = match(e, segments);
        if (!params) continue;
        if (e.method === method) return { kind: "found", endpoint: e, params };
        allow.add(e.method);
      }
      if (allow.size === 0) return { kind: "not_found" };
      return { kind: "method_not_allowed", allow: [...allow] };
    },
  };
}
