import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeUser } from "@/lib/testing/factories";
import { makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { freshEd25519Key } from "@/lib/accounts/testing/ssh-key-fixtures";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

// the customer API spec Projects group, Authentication §4 and PATCH /services|/vps {projectId}.

let t: TestDb;
const clock = new Date("2026-04-01T10:00:00.000Z");
let site: Awaited<ReturnType<typeof makeVpsSite>>;

type Customer = Awaited<ReturnType<typeof customerWithKey>>;
const caller = (c: Customer) => async (method: string, path: string, body?: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key: options.key ?? c.plaintext, body, headers: options.headers }), { db: t.db, clock: () => clock }));

beforeAll(async () => {
  t = await createTestDb();
  site = await makeVpsSite(t.db);
});
afterAll(async () => {
  await t?.close();
});

const service = (accountId: string, projectId: string | null = null, status: "active" | "terminated" = "active") =>
  makePendingService(t.db, { accountId, productId: site.product.id, locationId: site.location.id, status }).then(async (s) => {
    await t.db.service.update({ where: { id: s.service.id }, data: { projectId } });
    return s.service;
  });

type ProjectRow = { id: string; slug: string; name: string; is_default: boolean; service_count: number; ssh_key_count: number; description: string | null; colour: string | null };

describe("CRUD", () => {
  it("lists the default project first with its counts (unassigned services count there); creates with a derived slug; reads one", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    await service(me.account.id, null);
    await service(me.account.id, me.project.id);
    await service(me.account.id, null, "terminated");

    const created = await call("POST", "/projects", { name: "Acme Shop!", description: "Webshop", colour: "#AABBCC" });
    expect(created).toMatchObject({
      status: 201,
      body: { success: true, message: "Project created", data: { slug: "acme-shop", name: "Acme Shop!", description: "Webshop", colour: "#aabbcc", is_default: false, service_count: 0, ssh_key_count: 0 } },
    });
    const { id } = created.body.data as ProjectRow;
    const list = await call("GET", "/projects");
    expect(list.status).toBe(200);
    expect((list.body.data as ProjectRow[]).map((p) => [p.slug, p.is_default, p.service_count])).toEqual([
      ["default", true, 2],
      ["acme-shop", false, 0],
    ]);
    expect((await call("GET", `/projects/${id}`)).body.data).toMatchObject({ id, slug: "acme-shop" });
    expect((await call("POST", "/projects", { name: "Staging", slug: "staging" })).body.data).toMatchObject({ slug: "staging", name: "Staging" });
  });

  it("refuses bad input (400 naming the field) and a slug already used (409)", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    expect(await call("POST", "/projects", {})).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "name" }] } });
    expect(await call("POST", "/projects", { name: "X", slug: "Not OK" })).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "slug" }] } });
    expect(await call("POST", "/projects", { name: "X", slug: randomUUID() })).toMatchObject({ status: 400, body: { details: [{ field: "slug", message: "A slug must not look like a project id" }] } });
    expect(await call("POST", "/projects", { name: "X", colour: "red" })).toMatchObject({ status: 400, body: { details: [{ field: "colour" }] } });
    expect(await call("POST", "/projects", { name: "!!!" })).toMatchObject({ status: 400, body: { error: "A slug could not be made from this name; send one" } });
    expect(await call("POST", "/projects", { name: "Default again", slug: "default" })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: 'A project with the slug "default" already exists', details: [{ field: "slug", message: "Already used by another project of this account" }] },
    });
    await call("POST", "/projects", { name: "Prod", slug: "prod" });
    expect((await call("POST", "/projects", { name: "Prod 2", slug: "prod" })).status).toBe(409);
  });

  it("PATCH renames, changes slug, description and colour; the default project keeps its name and slug; an empty patch is 400", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const { id } = (await call("POST", "/projects", { name: "Old", slug: "old" })).body.data as ProjectRow;
    await call("POST", "/projects", { name: "Taken", slug: "taken" });
    expect(await call("PATCH", `/projects/${id}`, { name: "New", slug: "new", description: "d", colour: "#112233" })).toMatchObject({
      status: 200,
      body: { message: "Project updated", data: { id, name: "New", slug: "new", description: "d", colour: "#112233" } },
    });
    expect((await call("PATCH", `/projects/${id}`, { description: null, colour: null })).body.data).toMatchObject({ description: null, colour: null, name: "New" });
    expect((await call("PATCH", `/projects/${id}`, { slug: "taken" })).status).toBe(409);
    expect((await call("PATCH", `/projects/${id}`, {})).status).toBe(400);
    expect(await call("PATCH", `/projects/${me.project.id}`, { name: "Main" })).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", error: "The default project keeps its name and slug; only its description and colour can change", details: [{ field: "name" }] },
    });
    expect(await call("PATCH", `/projects/${me.project.id}`, { slug: "main" })).toMatchObject({ status: 400, body: { details: [{ field: "slug" }] } });
    expect((await call("PATCH", `/projects/${me.project.id}`, { description: "Everything else" })).body.data).toMatchObject({ slug: "default", description: "Everything else" });
  });
});

describe("DELETE with reassignTo", () => {
  it("an empty project goes at once; its terminated services and orders follow to the default project", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const { id } = (await call("POST", "/projects", { name: "Empty", slug: "empty" })).body.data as ProjectRow;
    const gone = await service(me.account.id, id, "terminated");
    expect(await call("DELETE", `/projects/${id}`)).toEqual({
      status: 200,
      body: { success: true, message: "Project deleted", data: { id, deleted: true, reassigned_to: null, moved: { services: 0, ssh_keys: 0 } } },
    });
    expect((await call("GET", `/projects/${id}`)).status).toBe(404);
    expect(await t.db.service.findUniqueOrThrow({ where: { id: gone.id } })).toMatchObject({ projectId: me.project.id });
  });

  it("409 with the count while it holds resources; ?reassignTo=<slug|id> moves them; unknown target 400 UNKNOWN_PROJECT; itself 400", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const { id } = (await call("POST", "/projects", { name: "Busy", slug: "busy" })).body.data as ProjectRow;
    const target = (await call("POST", "/projects", { name: "Target", slug: "target" })).body.data as ProjectRow;
    const a = await service(me.account.id, id);
    const b = await service(me.account.id, id);
    expect((await call("POST", "/ssh-keys", { publicKey: freshEd25519Key(), projectId: "busy" })).status).toBe(201);

    expect(await call("DELETE", `/projects/${id}`)).toEqual({
      status: 409,
      body: {
        success: false,
        code: "CONFLICT",
        error: "Project is not empty: it holds 2 services and 1 SSH key; move them or pass ?reassignTo=<id|slug>",
        details: [{ field: "reassignTo", message: "3 resources to reassign" }],
      },
    });
    expect(await call("DELETE", `/projects/${id}?reassignTo=nowhere`)).toMatchObject({ status: 400, body: { code: "UNKNOWN_PROJECT", details: [{ field: "reassignTo" }] } });
    expect(await call("DELETE", `/projects/${id}?reassignTo=busy`)).toMatchObject({ status: 400, body: { error: "A project cannot be reassigned to itself" } });
    expect(await call("DELETE", `/projects/${id}?reassignTo=target`)).toEqual({
      status: 200,
      body: { success: true, message: "Project deleted", data: { id, deleted: true, reassigned_to: { id: target.id, slug: "target", name: "Target" }, moved: { services: 2, ssh_keys: 1 } } },
    });
    expect((await t.db.service.findMany({ where: { id: { in: [a.id, b.id] } } })).map((s) => s.projectId)).toEqual([target.id, target.id]);
    expect((await call("GET", `/projects/${target.id}`)).body.data).toMatchObject({ service_count: 2, ssh_key_count: 1 });

    const other = (await call("POST", "/projects", { name: "Other", slug: "other" })).body.data as ProjectRow;
    await service(me.account.id, other.id);
    expect((await call("DELETE", `/projects/${other.id}?reassignTo=${me.project.id}`)).body.data).toMatchObject({ reassigned_to: { slug: "default" } });
  });

  it("the default project cannot be deleted; a project with a bound API key is 409; destructive scope is needed", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    expect(await call("DELETE", `/projects/${me.project.id}`)).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", error: "The default project cannot be deleted" } });
    const { id } = (await call("POST", "/projects", { name: "Keyed", slug: "keyed" })).body.data as ProjectRow;
    const bound = await mintCustomerKey(t.db, { accountId: me.account.id, userId: me.owner.id, projectId: id });
    expect(await call("DELETE", `/projects/${id}?reassignTo=default`)).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: "1 API key is bound to this project; revoke it before deleting the project" } });
    await t.db.customerApiKey.update({ where: { id: bound.key.id }, data: { revokedAt: clock } });
    const servicesOnly = await mintCustomerKey(t.db, { accountId: me.account.id, userId: me.owner.id, scopes: ["read", "services"] });
    expect(await call("DELETE", `/projects/${id}`, undefined, { key: servicesOnly.plaintext })).toMatchObject({ status: 403, body: { code: "SCOPE_REQUIRED", scope: "destructive" } });
    expect((await call("DELETE", `/projects/${id}`)).status).toBe(200);
    expect(await t.db.customerApiKey.findUniqueOrThrow({ where: { id: bound.key.id } })).toMatchObject({ projectId: null });
  });
});

describe("moving services", () => {
  it("POST /projects/{id}/move moves what it can and reports the rest in skipped", async () => {
    const me = await customerWithKey(t.db);
    const stranger = await customerWithKey(t.db);
    const call = caller(me);
    const target = (await call("POST", "/projects", { name: "Prod", slug: "prod" })).body.data as ProjectRow;
    const a = await service(me.account.id);
    const b = await service(me.account.id, me.project.id);
    const theirs = await service(stranger.account.id);
    const unknown = randomUUID();
    expect(await call("POST", `/projects/${target.id}/move`, { services: [a.id, b.id.toUpperCase(), theirs.id, unknown, "junk"] })).toEqual({
      status: 200,
      body: { success: true, message: "2 moved, 3 skipped", data: { project: { id: target.id, slug: "prod", name: "Prod" }, moved: [a.id, b.id], skipped: [theirs.id, unknown, "junk"] } },
    });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ projectId: null });
    expect(((await call("GET", `/vps/${a.id}`)).body.data as { project: unknown }).project).toEqual({ id: target.id, slug: "prod", name: "Prod" });
    expect((await call("POST", `/projects/${target.id}/move`, { services: [] })).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "services" }] });
    expect((await call("POST", `/projects/${randomUUID()}/move`, { services: [a.id] })).status).toBe(404);
  });

  it("PATCH /services/{id} and /vps/{id} {projectId}: id or slug, null = default; unknown 400 UNKNOWN_PROJECT; not yours 404", async () => {
    const me = await customerWithKey(t.db);
    const stranger = await customerWithKey(t.db);
    const call = caller(me);
    const target = (await call("POST", "/projects", { name: "Prod", slug: "prod" })).body.data as ProjectRow;
    const a = await service(me.account.id);
    expect(await call("PATCH", `/services/${a.id}`, { projectId: "prod" })).toEqual({
      status: 200,
      body: { success: true, message: "Service updated", data: { id: a.id, project: { id: target.id, slug: "prod", name: "Prod" } } },
    });
    expect((await call("PATCH", `/vps/${a.id}`, { projectId: null })).body).toMatchObject({ message: "VPS updated", data: { project: { slug: "default" } } });
    expect((await call("PATCH", `/vps/${a.id}`, { projectId: target.id })).body.data).toMatchObject({ project: { id: target.id } });
    expect(await call("PATCH", `/services/${a.id}`, { projectId: "nope" })).toMatchObject({ status: 400, body: { code: "UNKNOWN_PROJECT", details: [{ field: "projectId" }] } });
    expect((await call("PATCH", `/services/${a.id}`, {})).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "projectId" }] });
    const theirs = await service(stranger.account.id);
    expect(await call("PATCH", `/services/${theirs.id}`, { projectId: "prod" })).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Service not found" } });
    expect((await call("PATCH", `/vps/${theirs.id}`, { projectId: null })).status).toBe(404);
    const generic = await makePendingService(t.db, { accountId: me.account.id, productId: (await t.db.product.create({ data: { kind: "generic", name: "Support", slug: `g-${randomUUID()}` } })).id, locationId: site.location.id, status: "active" });
    expect(await call("PATCH", `/vps/${generic.service.id}`, { projectId: "prod" })).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "VPS not found" } });
    expect((await call("PATCH", `/services/${generic.service.id}`, { projectId: "prod" })).status).toBe(200);
    expect(await call("GET", "/projects/prod")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "id" }] } });
    // Another account's project is unknown here, even by id.
    const theirProject = (await caller(stranger)("POST", "/projects", { name: "Theirs", slug: "theirs" })).body.data as ProjectRow;
    expect((await call("PATCH", `/services/${a.id}`, { projectId: theirProject.id })).body).toMatchObject({ code: "UNKNOWN_PROJECT" });
  });
});

describe("project-scoped keys and tenant isolation", () => {
  it("a bound key sees only its project and cannot create, rename, delete or move projects", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const prod = (await call("POST", "/projects", { name: "Prod", slug: "prod" })).body.data as ProjectRow;
    const dev = (await call("POST", "/projects", { name: "Dev", slug: "dev" })).body.data as ProjectRow;
    const bound = (await mintCustomerKey(t.db, { accountId: me.account.id, userId: me.owner.id, scopes: ["read", "services", "destructive"], projectId: prod.id })).plaintext;
    const inProd = await service(me.account.id, prod.id);
    const inDev = await service(me.account.id, dev.id);

    expect(((await call("GET", "/projects", undefined, { key: bound })).body.data as ProjectRow[]).map((p) => p.slug)).toEqual(["prod"]);
    expect((await call("GET", `/projects/${dev.id}`, undefined, { key: bound })).status).toBe(404);
    const refusal = { status: 403, body: { success: false, code: "FORBIDDEN", error: "This API key is bound to a project; it cannot create, rename, delete or move projects" } };
    expect(await call("POST", "/projects", { name: "X", slug: "x" }, { key: bound })).toEqual(refusal);
    expect(await call("PATCH", `/projects/${prod.id}`, { name: "Renamed" }, { key: bound })).toEqual(refusal);
    expect(await call("DELETE", `/projects/${prod.id}`, undefined, { key: bound })).toEqual(refusal);
    expect(await call("POST", `/projects/${prod.id}/move`, { services: [inProd.id] }, { key: bound })).toEqual(refusal);
    expect(await call("PATCH", `/services/${inProd.id}`, { projectId: "dev" }, { key: bound })).toEqual({
      status: 403,
      body: { success: false, code: "PROJECT_SCOPE_MISMATCH", error: "This API key is bound to another project" },
    });
    expect((await call("PATCH", `/services/${inProd.id}`, { projectId: "prod" }, { key: bound })).status).toBe(200);
    expect((await call("PATCH", `/services/${inDev.id}`, { projectId: "prod" }, { key: bound })).status).toBe(404);
    expect(await call("GET", "/projects", undefined, { key: bound, headers: { "x-project-id": "dev" } })).toMatchObject({ status: 403, body: { code: "PROJECT_SCOPE_MISMATCH" } });
  });

  it("an unbound key narrowed with X-Project-Id sees one project; services outside it are skipped by move", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const prod = (await call("POST", "/projects", { name: "Prod", slug: "prod" })).body.data as ProjectRow;
    const outside = await service(me.account.id, null);
    const narrowed = { headers: { "x-project-id": "prod" } };
    expect(((await call("GET", "/projects", undefined, narrowed)).body.data as ProjectRow[]).map((p) => p.slug)).toEqual(["prod"]);
    expect((await call("POST", `/projects/${prod.id}/move`, { services: [outside.id] }, narrowed)).body.data).toMatchObject({ moved: [], skipped: [outside.id] });
    expect((await call("GET", `/projects/${me.project.id}`, undefined, narrowed)).status).toBe(404);
    expect((await call("GET", "/projects?project=nope")).body).toMatchObject({ code: "UNKNOWN_PROJECT" });
  });

  it("another account's project is 404 on every route; a member needs services.manage or services.power to change projects", async () => {
    const me = await customerWithKey(t.db);
    const stranger = await customerWithKey(t.db);
    const theirs = (await caller(stranger)("POST", "/projects", { name: "Theirs", slug: "theirs" })).body.data as ProjectRow;
    const call = caller(me);
    for (const [method, path, body] of [
      ["GET", `/projects/${theirs.id}`],
      ["PATCH", `/projects/${theirs.id}`, { name: "Mine now" }],
      ["DELETE", `/projects/${theirs.id}`],
      ["POST", `/projects/${theirs.id}/move`, { services: [randomUUID()] }],
    ] as const) {
      expect(await call(method, path, body)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Project not found" } });
    }
    expect(((await call("GET", "/projects")).body.data as ProjectRow[]).map((p) => p.id)).not.toContain(theirs.id);

    const user = await makeUser(t.db);
    const member = await t.db.teamMember.create({ data: { accountId: me.account.id, userId: user.id, permissions: ["services.manage", "services.view"] } });
    const k = await mintCustomerKey(t.db, { accountId: me.account.id, userId: user.id, scopes: ["read", "services"] });
    expect((await call("POST", "/projects", { name: "By member", slug: "by-member" }, { key: k.plaintext })).status).toBe(201);
    await t.db.teamMember.update({ where: { id: member.id }, data: { permissions: ["services.view"] } });
    expect(await call("POST", "/projects", { name: "Again", slug: "again" }, { key: k.plaintext })).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect((await call("GET", "/projects", undefined, { key: k.plaintext })).status).toBe(200);
  });
});
