import { isUuid } from "@/lib/schemas/uuid";
import { ApiError } from "../api-error";
import type { StageContext } from "../dispatch";
import type { CustomerAuth } from "./customer-auth";

export const PROJECT_HEADER = "x-project-id";
export const PROJECT_QUERY = "project";


/**
 * The request's project (customer Authentication §4): `X-Project-Id: <id|slug>` (or, when the
 * header is absent, `?project=`) narrows an unbound key to one project of its account; a bound
 * key is always narrowed to its own project and may name it, but naming another project is
 * 403 PROJECT_SCOPE_MISMATCH. A name that is no project of the account is 400 UNKNOWN_PROJECT.
 */
export async function resolveProjectScope(auth: CustomerAuth, ctx: StageContext): Promise<CustomerAuth> {
  const ref = (ctx.request.headers.get(PROJECT_HEADER) ?? ctx.url.searchParams.get(PROJECT_QUERY))?.trim();
  if (!ref) return auth;

  const project = await ctx.db.project.findFirst({
    where: { accountId: auth.accountId, OR: isUuid(ref) ? [{ id: ref.toLowerCase() }, { slug: ref }] : [{ slug: ref }] },
    select: { id: true, slug: true, name: true },
  });
  if (!project) {
    throw new ApiError(400, "UNKNOWN_PROJECT", `Unknown project: ${ref}`, { details: [{ field: "project", message: "No project of this account has that id or slug" }] });
  }
  if (auth.boundProject) {
    if (project.id !== auth.boundProject.id) {
      throw new ApiError(403, "PROJECT_SCOPE_MISMATCH", `This API key is bound to the project "${auth.boundProject.slug}"`);
    }
    return auth;
  }
  return { ...auth, project: { ...project, bound: false } };
}
