import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { freshEd25519Key, SSH_KEY_FIXTURES } from "@/lib/accounts/testing/ssh-key-fixtures";
import { listAccountSshKeys } from "@/lib/accounts/list-account-ssh-keys";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

// the customer API spec SSH keys group: GET/POST/DELETE /ssh-keys, `projectId` on create, names per project.

let t: TestDb;
const clock = new Date("2026-04-01T10:00:00.000Z");

type Customer = Awaited<ReturnType<typeof customerWithKey>>;
const caller = (c: Customer) => async (method: string, path: string, body?: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key: options.key ?? c.plaintext, body, headers: options.headers }), { db: t.db, clock: () => clock }));

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

type KeyRow = { id: string; name: string; type: string; fingerprint: string; public_key: string; project: { id: string; slug: string; name: string } };

describe("SSH keys", () => {
  it("POST saves a key with its fingerprint (name from the comment by default); GET lists them by name; the order form sees them", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const created = await call("POST", "/ssh-keys", { publicKey: SSH_KEY_FIXTURES.ed25519.line });
    expect(created).toEqual({
      status: 201,
      body: {
        success: true,
        message: "SSH key saved",
        data: {
          id: expect.any(String),
          name: "ed25519@laptop",
          type: "ssh-ed25519",
          fingerprint: SSH_KEY_FIXTURES.ed25519.fingerprint,
          public_key: SSH_KEY_FIXTURES.ed25519.line.split(" ").slice(0, 2).join(" "),
          project: { id: me.project.id, slug: "default", name: me.project.name },
          created_at: expect.any(String),
        },
      },
    });
    const rsa = await call("POST", "/ssh-keys", { name: "Build server", public_key: SSH_KEY_FIXTURES.rsa2048.line });
    expect(rsa.body.data).toMatchObject({ name: "Build server", type: "ssh-rsa", fingerprint: SSH_KEY_FIXTURES.rsa2048.fingerprint });
    const list = await call("GET", "/ssh-keys");
    expect((list.body.data as KeyRow[]).map((k) => k.name)).toEqual(["Build server", "ed25519@laptop"]);
    expect((await listAccountSshKeys({ db: t.db, now: new Date(), actor: { accountId: me.account.id } })).map((k) => k.fingerprint).sort()).toEqual(
      [SSH_KEY_FIXTURES.ed25519.fingerprint, SSH_KEY_FIXTURES.rsa2048.fingerprint].sort(),
    );
  });

  it("refuses a malformed key (400 naming publicKey), a missing key, and a too-short RSA key", async () => {
    const call = caller(await customerWithKey(t.db));
    expect(await call("POST", "/ssh-keys", { name: "x" })).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "publicKey", message: "publicKey is required" }] } });
    expect(await call("POST", "/ssh-keys", { publicKey: "hello world" })).toEqual({
      status: 400,
      body: { success: false, code: "BAD_REQUEST", error: expect.stringMatching(/^Unsupported key type "hello"/), details: [{ field: "publicKey", message: expect.any(String) }] },
    });
    expect(await call("POST", "/ssh-keys", { publicKey: SSH_KEY_FIXTURES.rsa1024.line })).toMatchObject({ status: 400, body: { error: "RSA keys must have at least 2048 bits (this one has 1024)" } });
    expect(await call("POST", "/ssh-keys", { publicKey: "-----BEGIN OPENSSH PRIVATE KEY-----" })).toMatchObject({ status: 400, body: { error: expect.stringContaining("private key") } });
    expect((await call("POST", "/ssh-keys", { publicKey: freshEd25519Key(), name: "n".repeat(101) })).body).toMatchObject({ details: [{ field: "name" }] });
  });

  it("duplicates: the same key anywhere in the account 409; the same name in one project 409, in another project allowed", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    await call("POST", "/projects", { name: "Prod", slug: "prod" });
    expect((await call("POST", "/ssh-keys", { name: "laptop", publicKey: SSH_KEY_FIXTURES.ed25519.line })).status).toBe(201);
    expect(await call("POST", "/ssh-keys", { name: "again", publicKey: SSH_KEY_FIXTURES.ed25519.line.replace("ed25519@laptop", "other comment"), projectId: "prod" })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: 'This SSH key is already saved on the account (as "laptop")', details: [{ field: "publicKey", message: "Duplicate key" }] },
    });
    expect(await call("POST", "/ssh-keys", { name: "laptop", publicKey: freshEd25519Key() })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: 'An SSH key named "laptop" already exists in this project', details: [{ field: "name", message: "Names are unique per project" }] },
    });
    expect((await call("POST", "/ssh-keys", { name: "laptop", publicKey: freshEd25519Key(), projectId: "prod" })).body.data).toMatchObject({ name: "laptop", project: { slug: "prod" } });
    // Two identical keys at once: one is saved.
    const key = freshEd25519Key();
    const both = await Promise.all([call("POST", "/ssh-keys", { name: "a", publicKey: key }), call("POST", "/ssh-keys", { name: "b", publicKey: key })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("projectId: id or slug; unknown 400 UNKNOWN_PROJECT; a bound key defaults to its project, may not name another, lists only its own", async () => {
    const me = await customerWithKey(t.db);
    const call = caller(me);
    const prod = (await call("POST", "/projects", { name: "Prod", slug: "prod" })).body.data as { id: string };
    expect((await call("POST", "/ssh-keys", { publicKey: freshEd25519Key(), projectId: prod.id })).body.data).toMatchObject({ project: { id: prod.id } });
    expect(await call("POST", "/ssh-keys", { publicKey: freshEd25519Key(), projectId: "nope" })).toMatchObject({ status: 400, body: { code: "UNKNOWN_PROJECT", details: [{ field: "projectId" }] } });
    const inDefault = (await call("POST", "/ssh-keys", { name: "everywhere", publicKey: freshEd25519Key() })).body.data as KeyRow;

    const bound = (await mintCustomerKey(t.db, { accountId: me.account.id, userId: me.owner.id, scopes: ["read", "services"], projectId: prod.id })).plaintext;
    expect((await call("POST", "/ssh-keys", { name: "ci", publicKey: freshEd25519Key() }, { key: bound })).body.data).toMatchObject({ name: "ci", project: { slug: "prod" } });
    expect(await call("POST", "/ssh-keys", { publicKey: freshEd25519Key(), projectId: "default" }, { key: bound })).toEqual({
      status: 403,
      body: { success: false, code: "PROJECT_SCOPE_MISMATCH", error: "This API key is bound to another project" },
    });
    expect(((await call("GET", "/ssh-keys", undefined, { key: bound })).body.data as KeyRow[]).every((k) => k.project.slug === "prod")).toBe(true);
    expect((await call("DELETE", `/ssh-keys/${inDefault.id}`, undefined, { key: bound })).status).toBe(404);
    // Narrowed to the default project, keys assigned to no project are there too.
    await t.db.sshKey.update({ where: { id: inDefault.id }, data: { projectId: null } });
    const narrowed = await call("GET", "/ssh-keys", undefined, { headers: { "x-project-id": "default" } });
    expect((narrowed.body.data as KeyRow[]).map((k) => k.id)).toContain(inDefault.id);
    expect((narrowed.body.data as KeyRow[]).find((k) => k.id === inDefault.id)?.project.slug).toBe("default");
  });

  it("DELETE removes the key; another account's key and unknown ids are 404; scopes: read lists, services writes", async () => {
    const me = await customerWithKey(t.db);
    const stranger = await customerWithKey(t.db);
    const call = caller(me);
    const mine = (await call("POST", "/ssh-keys", { publicKey: freshEd25519Key() })).body.data as KeyRow;
    const theirs = (await caller(stranger)("POST", "/ssh-keys", { publicKey: freshEd25519Key() })).body.data as KeyRow;
    expect(await call("DELETE", `/ssh-keys/${theirs.id}`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "SSH key not found" } });
    expect(((await call("GET", "/ssh-keys")).body.data as KeyRow[]).map((k) => k.id)).toEqual([mine.id]);
    expect((await call("DELETE", `/ssh-keys/${randomUUID()}`)).status).toBe(404);
    expect(await call("DELETE", "/ssh-keys/abc")).toMatchObject({ status: 400, body: { details: [{ field: "id" }] } });

    const readOnly = (await mintCustomerKey(t.db, { accountId: me.account.id, userId: me.owner.id, scopes: ["read"] })).plaintext;
    expect((await call("GET", "/ssh-keys", undefined, { key: readOnly })).status).toBe(200);
    expect(await call("POST", "/ssh-keys", { publicKey: freshEd25519Key() }, { key: readOnly })).toMatchObject({ status: 403, body: { code: "SCOPE_REQUIRED", scope: "services" } });
    expect(await call("DELETE", `/ssh-keys/${mine.id}`, undefined, { key: readOnly })).toMatchObject({ status: 403, body: { code: "SCOPE_REQUIRED" } });

    expect(await call("DELETE", `/ssh-keys/${mine.id}`)).toEqual({ status: 200, body: { success: true, message: "SSH key deleted", data: { id: mine.id, deleted: true } } });
    expect((await call("GET", "/ssh-keys")).body.data).toEqual([]);
    expect((await caller(stranger)("GET", "/ssh-keys")).body.data).toHaveLength(1);
  });
});
