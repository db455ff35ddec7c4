import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

// Prisma's schema engine compiled to WebAssembly: the only way to diff and migrate here,
// since the native engine cannot be downloaded. Node cannot `import` a .wasm file, so the
// module is instantiated by hand with the wasm-bindgen glue as its import object.
type Bg = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: typeof SchemaEngine;
};

let loaded: Promise<Bg> | undefined;

function loadBindings(): Promise<Bg> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
    const bg = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as Bg;
    const bytes = await readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
    return bg;
  })();
  return loaded;
}

export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
): Promise<SchemaEngine> {
  const bg = await loadBindings();
  const log = () => {};
  return bg.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    log,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
