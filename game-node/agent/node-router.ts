// The node API's HTTP routes (docs/game-servers.md#node-api). Every /api request needs the node
// token; ids that are not uuids are 404 before anything looks them up.
import type { IncomingMessage, ServerResponse } from "node:http";
import { parsePowerAction } from "../process/power-states";
import { commandBodySchema, powerBodySchema, serverDefinitionSchema, sftpCredentialsSchema, type NodeSystemView } from "../protocol/node-api";
import type { GameTemplate } from "../templates/template-types";
import { resolveTemplateVars } from "../templates/template-vars";
import { handleFileRoute } from "./file-routes";
import { NodeApiError, bearerMatches, readJson, sendError, sendJson, sendNoContent, toApiError } from "./node-http";
import { isServerId } from "./server-id";
import type { ServerRegistry } from "./server-registry";

export interface RouterContext {
  nodeToken: string;
  version: string;
  sftpPort: number;
  templates: ReadonlyMap<string, GameTemplate>;
  registry: ServerRegistry;
  log: (line: string) => void;
}

const SERVER_PATH = /^\/api\/servers\/([^/]+)(?:\/(power|commands|sftp|files\/([^/]+)))?$/;

export function createNodeRouter(ctx: RouterContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(ctx, req, res).catch((error: unknown) => {
      const apiError = toApiError(error);
      if (apiError.code === "internal") ctx.log(`game node: ${req.method} ${req.url?.split("?")[0]} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      // A refused upload stops here: do not read (and write nowhere) the rest of its body.
      if (!req.complete) res.setHeader("connection", "close");
      sendError(res, apiError);
    });
  };
}

async function route(ctx: RouterContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://node.invalid");
  if (!bearerMatches(req.headers.authorization, ctx.nodeToken)) throw new NodeApiError(401, "unauthorized", "The node token is missing or wrong.");
  const method = req.method ?? "GET";
  if (url.pathname === "/api/system" && method === "GET") {
    const view: NodeSystemView = {
      version: ctx.version,
      templates: [...ctx.templates.values()].map((template) => ({ id: template.id, name: template.name })),
      servers: ctx.registry.size,
      sftpPort: ctx.sftpPort,
    };
    return sendJson(res, 200, view);
  }
  const match = SERVER_PATH.exec(url.pathname);
  if (!match || !isServerId(match[1])) throw notFound();
  const [, id, sub, fileAction] = match;

  if (sub === undefined) {
    if (method === "PUT") return putServer(ctx, req, res, id);
    if (method === "GET") return sendJson(res, 200, await requireServer(ctx, id).view());
    if (method === "DELETE") {
      if (!(await ctx.registry.delete(id))) throw notFound();
      return sendNoContent(res);
    }
    throw notFound();
  }
  const server = requireServer(ctx, id);
  if (sub === "power" && method === "POST") {
    const { action } = await readJson(req, powerBodySchema);
    const verb = parsePowerAction(action);
    if (!verb) throw new NodeApiError(400, "power_action_unknown", `"${action.slice(0, 32)}" is not a power action; use start, stop, restart or kill.`, { field: "action" });
    const outcome = server.power(verb);
    if (!outcome.ok) throw new NodeApiError(409, outcome.code, outcome.message);
    return sendJson(res, 200, { from: outcome.from, to: outcome.to });
  }
  if (sub === "commands" && method === "POST") {
    const { command } = await readJson(req, commandBodySchema);
    const outcome = server.installState === "installed" ? server.command(command) : { ok: false as const, message: "The server is not installed yet." };
    if (!outcome.ok) throw new NodeApiError(409, "command_refused", outcome.message);
    return sendNoContent(res);
  }
  if (sub === "sftp" && method === "PUT") {
    const credentials = await readJson(req, sftpCredentialsSchema);
    // One login names one server: SFTP finds the server by its user name.
    const holder = ctx.registry.bySftpUsername(credentials.username);
    if (holder && holder.id !== id) throw new NodeApiError(409, "validation", "Another server on this node has that SFTP user name.", { field: "username" });
    server.sftp = { username: credentials.username, passwordHash: credentials.passwordHash };
    await server.persist();
    return sendNoContent(res);
  }
  if (fileAction !== undefined) return handleFileRoute(req, res, server.root, fileAction, url.searchParams);
  throw notFound();
}

async function putServer(ctx: RouterContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const definition = await readJson(req, serverDefinitionSchema);
  const template = ctx.templates.get(definition.template);
  if (!template) throw new NodeApiError(400, "template_unknown", `This node has no template "${definition.template}".`, { field: "template" });
  const vars = resolveTemplateVars(template, definition.vars);
  if (!vars.ok) throw new NodeApiError(400, "validation", vars.message, { field: `vars.${vars.field}` });
  const server = await ctx.registry.put(id, { ...definition, vars: vars.vars });
  return sendJson(res, 200, await server.view());
}

function requireServer(ctx: RouterContext, id: string) {
  const server = ctx.registry.get(id);
  if (!server) throw notFound();
  return server;
}

function notFound(): NodeApiError {
  return new NodeApiError(404, "not_found", "There is no such server or endpoint on this node.");
}
