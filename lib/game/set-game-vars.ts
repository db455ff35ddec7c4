import { checkVariableValue } from "@/game-node/templates/template-variables";
import { DomainError, VALIDATION_FAILED, type FieldIssue } from "@/lib/errors/domain-error";
import { backendRefusal } from "@/lib/services/backend-refusal";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow } from "./game-server-of-service";
import { gameTemplateOrNull } from "./game-templates";

/**
 * `PATCH .../game/vars` `{vars}`: changes template variables; they apply on the next start (a running
 * server keeps its values). Every key is checked against the template before anything is saved: an
 * unknown key, one only the supplier may set, or a value outside its rule is 400 with one detail per
 * field (`vars.<KEY>`), and nothing changes. Sent to the node first, then saved.
 */
export async function setGameVars(ctx: ServiceContext, input: { serviceId: string; vars: Record<string, string> }): Promise<{ vars: Record<string, string>; appliesOn: "next_start" }> {
  const { server, node } = await gameServerOfServiceOrThrow(ctx, input.serviceId, { write: true });
  const template = gameTemplateOrNull(server.template);
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(input.vars)) {
    const variable = template?.variables.find((v) => v.key === key);
    const field = `vars.${key}`;
    if (!variable) issues.push({ field, message: `${key} is not a variable of this game` });
    else if (!variable.userEditable) issues.push({ field, message: `${variable.name} can only be changed by the provider` });
    else {
      const problem = checkVariableValue(variable.rule, value);
      if (problem) issues.push({ field, message: `${variable.name} ${problem}` });
    }
  }
  if (Object.keys(input.vars).length === 0) issues.push({ field: "vars", message: "Name at least one variable to change" });
  if (issues.length) throw new DomainError("invalid", "Validation failed", { code: VALIDATION_FAILED, details: issues });
  const vars = { ...(server.vars as Record<string, string>), ...input.vars };
  // The node first: if it refuses or cannot be reached, the portal keeps the values the node has.
  try {
    await node.putServer(server.id, { template: server.template, vars, memoryMb: server.memoryMb, diskMb: server.diskMb, port: server.port, startAfterInstall: false });
  } catch (error) {
    throw backendRefusal(error);
  }
  await ctx.db.gameServer.update({ where: { id: server.id }, data: { vars } });
  return { vars, appliesOn: "next_start" };
}
