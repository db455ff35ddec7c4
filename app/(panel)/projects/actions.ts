"use server";

import { z } from "zod";
import { requireCustomerFor } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { parseActionInput, type ActionResult } from "@/lib/actions/action-result";
import { runPageAction } from "@/lib/actions/run-page-action";
import { deleteProject } from "@/lib/projects/delete-project";
import { setServiceProject } from "@/lib/projects/move-services-to-project";
import { projectColourSchema, projectDescriptionSchema, projectNameSchema, projectSlugSchema } from "@/lib/projects/project-rules";
import { createProject, updateProject } from "@/lib/projects/save-project";

const PATH = "/projects";

/** The panel acts for the whole account (no project narrowing); the access table decides, as for the API. */
async function context(need: "manage" | "delete") {
  const { customer } = await requireCustomerFor(
    need === "manage"
      ? { change: true, may: "projects:manage", refusal: "Changing projects needs the services.manage permission on this account" }
      : { change: true, may: "projects:delete", refusal: "Deleting a project needs the services.cancel permission on this account" },
  );
  const accountId = customer.accountId;
  return { db: getDb(), now: new Date(), actor: { accountId, scopedProjectId: null, bound: false, serviceScope: { accountId } } };
}

/** Runs the body, then renders the projects page again. */
const run = (fn: () => Promise<string>): Promise<ActionResult> => runPageAction(PATH, fn, { log: "[panel] project action failed" });

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const formSchema = z.object({
  name: projectNameSchema,
  slug: z.preprocess(blankToUndefined, projectSlugSchema.optional()),
  description: z.preprocess(blankToUndefined, projectDescriptionSchema.optional()),
  colour: z.preprocess(blankToUndefined, projectColourSchema.optional()),
});

export async function createProjectAction(input: { name: string; slug?: string; description?: string; colour?: string }): Promise<ActionResult> {
  return run(async () => {
    const a = await context("manage");
    const data = parseActionInput(formSchema, input);
    const project = await createProject(a, data);
    return `Project ${project.name} created`;
  });
}

export async function updateProjectAction(id: string, input: { name: string; slug?: string; description?: string; colour?: string }): Promise<ActionResult> {
  return run(async () => {
    const a = await context("manage");
    const data = parseActionInput(formSchema, input);
    const project = await updateProject(a, { ref: id, patch: { ...data, description: data.description ?? null, colour: data.colour ?? null } });
    return `Project ${project.name} saved`;
  });
}

export async function deleteProjectAction(id: string, reassignTo: string | null): Promise<ActionResult> {
  return run(async () => {
    const a = await context("delete");
    const result = await deleteProject(a, { ref: id, reassignTo });
    return result.reassigned_to ? `Project deleted; its services and keys are now in ${result.reassigned_to.name}` : "Project deleted";
  });
}

export async function moveServiceAction(serviceId: string, projectId: string): Promise<ActionResult> {
  return run(async () => {
    const a = await context("manage");
    const result = await setServiceProject(a, { serviceId, projectRef: projectId });
    return `Service moved to ${result.project.name}`;
  });
}
