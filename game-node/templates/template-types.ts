// What a game template is (docs/game-servers.md#templates): how to install a server's files, how to
// start and stop it, which variables a user may set and what they may be. The node's agent, the
// portal's validation of `PATCH game/vars` and the document's variable list all read this one shape.
import type { ServerRoot } from "../files/server-root";
import type { StartupDefinition } from "../process/game-process";

export type VariableRule =
  | { kind: "int"; min: number; max: number }
  | { kind: "enum"; values: string[] }
  | { kind: "bool" }
  | { kind: "string"; pattern: string; maxLength: number };

export interface TemplateVariable {
  /** Environment-style key, e.g. `MOTD`; given to the startup as is. */
  key: string;
  name: string;
  description: string;
  default: string;
  rule: VariableRule;
  /** False: set by the supplier only (shown, not editable by customers). */
  userEditable: boolean;
}

/** What a template's startup is built from. */
export interface StartupContext {
  serverDir: string;
  /** Where the template's runtime was installed (`ensureRuntime`), null when it needs none. */
  runtimeDir: string | null;
  vars: Record<string, string>;
  port: number;
  memoryMb: number;
}

export interface GameTemplate {
  id: string;
  name: string;
  description: string;
  variables: TemplateVariable[];
  /** An npm package the template runs, installed once per node outside the portal's bundle; null: plain Node. */
  runtime: { packageName: string; version: string } | null;
  /** Creates the files a new server starts with; never overwrites a file the user already has. */
  install(root: ServerRoot, context: StartupContext): Promise<void>;
  startup(context: StartupContext): StartupDefinition;
}
