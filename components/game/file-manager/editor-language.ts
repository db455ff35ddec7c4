// Which CodeMirror legacy mode highlights a file, by its name. The mode itself is loaded only when a
// file needs it (code-editor.tsx), so the panel does not ship every grammar.

export type EditorLanguage = "properties" | "json" | "javascript" | "typescript" | "yaml" | "toml" | "shell" | "xml" | "html" | "css" | "python" | "lua";

const BY_EXTENSION: Record<string, EditorLanguage> = {
  properties: "properties",
  ini: "properties",
  cfg: "properties",
  conf: "properties",
  env: "properties",
  json: "json",
  json5: "json",
  mcmeta: "json",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  mts: "typescript",
  yml: "yaml",
  yaml: "yaml",
  toml: "toml",
  sh: "shell",
  bash: "shell",
  xml: "xml",
  html: "html",
  htm: "html",
  css: "css",
  py: "python",
  lua: "lua",
};

/** The language of `fileName`, or null for plain text. */
export function editorLanguageOf(fileName: string): EditorLanguage | null {
  const name = fileName.toLowerCase();
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  return BY_EXTENSION[name.slice(dot + 1)] ?? null;
}
