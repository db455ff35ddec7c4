// The registry this project installs from does not carry every platform's prebuilt binaries
// (e.g. @next/swc-darwin-arm64). `npm install` then leaves those optional dependencies out of
// package-lock.json, and `npm ci` refuses the lockfile as "Missing: … from lock file".
// This adds a lockfile entry for every optional dependency that is missing, marked optional and
// restricted to its platform, so `npm ci` accepts the lock and skips them on other platforms.
// Run it after `npm install` changes the lockfile: node scripts/lockfile-add-missing-optionals.mjs
import { readFileSync, writeFileSync } from "node:fs";


const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "netbsd", "sunos", "win32", "openharmony", "aix", "wasm32"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes("arm") ? "arm" : undefined);
  const libc = parts.includes("musl") || parts.includes("musleabihf") ? "musl" : parts.includes("gnu") || parts.includes("gnueabihf") ? "glibc" : undefined;
  if (os === "wasm32" || parts.includes("wasi")) return { cpu: ["wasm32"] };
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc && os === "linux" ? { libc: [libc] } : {}) };
}

/** Lockfile entries to add: one per optional dependency the lockfile does not hold. */
export function missingOptionals(lock) {
  const packages = lock.packages;
  const missing = {};
  for (const [where, pkg] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
      // npm resolves a dependency next to its dependent first, then up the tree.
      const base = where ? `${where}/node_modules/` : "node_modules/";
      if (packages[base + dep] || packages[`node_modules/${dep}`] || missing[`node_modules/${dep}`]) continue;
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact versions can be pinned
      missing[`node_modules/${dep}`] = { version: spec, optional: true, ...platformOf(dep) };
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL("../package-lock.json", import.meta.url);
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const missing = missingOptionals(lock);
  const added = Object.keys(missing).length;
  if (added) {
    const merged = { ...lock.packages, ...missing };
    lock.packages = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
    writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
  }
  console.log(`lockfile: added ${added} missing optional platform package entr${added === 1 ? "y" : "ies"}`);
}
