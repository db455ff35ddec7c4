// Paths of the game file manager: always absolute, "/" the server's root, no trailing slash. The
// node checks every path it is sent (docs/game-servers.md#the-path-rule); these only build them.

/** `a//b/` → `/a/b`; empty → `/`. */
export function normalizeDir(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts.length === 0 ? "/" : `/${parts.join("/")}`;
}

export function childPath(dir: string, name: string): string {
  const base = normalizeDir(dir);
  return base === "/" ? `/${name}` : `${base}/${name}`;
}

export function parentOf(path: string): string {
  const parts = normalizeDir(path).split("/").filter(Boolean);
  return normalizeDir(parts.slice(0, -1).join("/"));
}

export function fileNameOf(path: string): string {
  return normalizeDir(path).split("/").filter(Boolean).pop() ?? "";
}

export interface Crumb {
  name: string;
  path: string;
}

/** The breadcrumb trail of a folder: the root first (named `rootName`), then each folder down to it. */
export function breadcrumbsOf(path: string, rootName = "Files"): Crumb[] {
  const parts = normalizeDir(path).split("/").filter(Boolean);
  return [{ name: rootName, path: "/" }, ...parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join("/")}` }))];
}

const ARCHIVE = /\.(zip|tar|tar\.gz|tgz)$/i;

/** Archives the node can extract (docs/game-servers.md#archives). */
export function isArchiveName(name: string): boolean {
  return ARCHIVE.test(name);
}

/** Why a new or changed name cannot be used, or null: one path segment, as the node's path rule wants it. */
export function nameProblem(name: string): string | null {
  if (name.trim() === "") return "Enter a name.";
  if (name.includes("/")) return "A name may not contain a slash.";
  if (name.includes("\\")) return "A name may not contain a backslash.";
  if (name === "." || name === "..") return "That name is reserved.";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "A name may not contain control characters.";
  if (new TextEncoder().encode(name).length > 255) return "A name may be at most 255 bytes long.";
  return null;
}
