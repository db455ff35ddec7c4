import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { customerWithKey } from "../testing/api-test-kit";
import { customerVpsFixture } from "../testing/customer-vps-fixture";

const fx = customerVpsFixture({ snapshotLimit: 2, nodes: 2, hostnamePrefix: "s" });
const { call, later, vps } = fx;

type Row = { id: string; name: string; status: string; restorable: boolean; in_progress: boolean; destroys_on_restore: string[]; has_memory: boolean };
const list = async (id: string) => (await call("GET", `/vps/${id}/snapshots`)).body.data as { snapshots: Row[]; used: number; max: number };

describe("VPS snapshots", () => {
  it("create -> creating, then available in the list; revert needs confirm and destroys newer snapshots; delete removes it", async () => {
    const a = await vps();
    expect(await list(a.service.id)).toEqual({ snapshots: [], used: 0, max: 2 });

    const created = await call("POST", `/vps/${a.service.id}/snapshots`, { name: "before-upgrade", description: "pre" });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ snapshot: { id: expect.any(String), name: "before-upgrade", status: "creating" }, pending: true });
    const first = (created.body.data as { snapshot: { id: string } }).snapshot.id;
    expect((await list(a.service.id)).snapshots[0]).toMatchObject({ status: "creating", in_progress: true, restorable: false, has_memory: false });

    // One disk job at a time per VM.
    expect(await call("POST", `/vps/${a.service.id}/snapshots`, { name: "second" })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: "Another disk operation (snapshot, capture or reinstall) is running on this VPS; try again when it has finished" },
    });
    later(30_000);
    expect((await list(a.service.id)).snapshots[0]).toMatchObject({ id: first, status: "available", restorable: true, in_progress: false });

    expect(await call("POST", `/vps/${a.service.id}/snapshots`, { name: "before-upgrade" })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: "A snapshot named before-upgrade already exists on this VPS" },
    });
    expect((await call("POST", `/vps/${a.service.id}/snapshots`, { name: "second" })).status).toBe(201);
    later(30_000);
    expect(await call("POST", `/vps/${a.service.id}/snapshots`, { name: "third" })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: "Snapshot limit reached: this VPS keeps at most 2 snapshots" },
    });
    expect((await list(a.service.id)).snapshots.map((s) => [s.name, s.destroys_on_restore])).toEqual([["before-upgrade", ["second"]], ["second", []]]);

    expect(await call("POST", `/vps/${a.service.id}/snapshots/${first}/revert`, {})).toMatchObject({ status: 400, body: { error: "confirm must equal the snapshot name" } });
    expect((await call("POST", `/vps/${a.service.id}/snapshots/${first}/revert`, { confirm: "second" })).status).toBe(400);
    const reverted = await call("POST", `/vps/${a.service.id}/snapshots/${first}/revert`, { confirm: "before-upgrade" });
    expect(reverted).toMatchObject({ status: 200, body: { success: true, data: { job_id: expect.any(String), pending: true } } });
    expect((await list(a.service.id)).snapshots[0]).toMatchObject({ status: "reverting" });
    later(120_000);
    const after = await list(a.service.id);
    expect(after.snapshots.map((s) => [s.name, s.status])).toEqual([["before-upgrade", "available"]]);
    const vm = (await call("GET", `/vps/${a.service.id}`)).body.data as { instance: { state: string } };
    expect(vm.instance.state).toBe("running");

    expect(await call("DELETE", `/vps/${a.service.id}/snapshots/${randomUUID()}`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Snapshot not found" } });
    expect((await call("DELETE", `/vps/${a.service.id}/snapshots/${first}`)).status).toBe(200);
    expect((await list(a.service.id)).snapshots[0]).toMatchObject({ status: "deleting" });
    later(30_000);
    expect(await list(a.service.id)).toEqual({ snapshots: [], used: 0, max: 2 });
  });

  it("names: the pattern and the reserved prefixes answer 400", async () => {
    const a = await vps();
    for (const name of ["", "-lead", "has space", "x".repeat(121)]) {
      expect((await call("POST", `/vps/${a.service.id}/snapshots`, { name })).status).toBe(400);
    }
    expect((await call("POST", `/vps/${a.service.id}/snapshots`, { name: "Auto-nightly" })).body).toMatchObject({ error: "Snapshot names starting with auto- or system- are reserved" });
    expect((await call("POST", `/vps/${a.service.id}/snapshots`, { name: "system-x" })).status).toBe(400);
    expect((await list(a.service.id)).used).toBe(0);
  });

  it("suspended and terminated 403 before the body is looked at; a plan without snapshots 403; another tenant's VPS 404", async () => {
    const a = await vps();
    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect(await call("POST", `/vps/${a.service.id}/snapshots`, { name: "-bad" })).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is suspended; only stop and restart are allowed" } });
    expect((await call("GET", `/vps/${a.service.id}/snapshots`)).status).toBe(200);
    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    expect(await call("GET", `/vps/${a.service.id}/snapshots`)).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } });

    const plain = await fx.t.db.product.create({
      data: { kind: "vps", name: "No-snapshot VPS", slug: `nsn-${randomUUID()}`, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20 }, osImages: { create: [{ osImageId: fx.site.debian.id, isDefault: true }] } },
    });
    const b = await vps(fx.me.account.id, plain.id);
    expect(await call("POST", `/vps/${b.service.id}/snapshots`, { name: "x" })).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Snapshots are not available for this VPS" } });
    // The list still answers: `max: 0` is how the plan says it has none.
    expect(await call("GET", `/vps/${b.service.id}/snapshots`)).toEqual({ status: 200, body: { success: true, data: { snapshots: [], used: 0, max: 0 } } });

    const stranger = await customerWithKey(fx.t.db);
    const theirs = await vps(stranger.account.id);
    expect(await call("GET", `/vps/${theirs.service.id}/snapshots`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "VPS not found" } });
    expect((await call("POST", `/vps/${theirs.service.id}/snapshots`, { name: "x" })).status).toBe(404);
    const mine = await call("POST", `/vps/${theirs.service.id}/snapshots`, { name: "theirs" }, stranger.plaintext);
    expect(mine.status).toBe(201);
    const sid = (mine.body.data as { snapshot: { id: string } }).snapshot.id;
    // Someone else's snapshot id under my VPS is not found either.
    const c = await vps();
    expect((await call("DELETE", `/vps/${c.service.id}/snapshots/${sid}`)).status).toBe(404);
  });

  it("two creates at once: one is accepted, the other meets the disk lock (409)", async () => {
    const a = await vps();
    const results = await Promise.all([call("POST", `/vps/${a.service.id}/snapshots`, { name: "one" }), call("POST", `/vps/${a.service.id}/snapshots`, { name: "two" })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await list(a.service.id)).used).toBe(1);
  });

  it("a plan without snapshots (max 0) lists what the VPS still holds, refuses writes with 403, and terminated still refuses the list", async () => {
    const a = await vps();
    const made = await call("POST", `/vps/${a.service.id}/snapshots`, { name: "kept" });
    const sid = (made.body.data as { snapshot: { id: string } }).snapshot.id;
    later(30_000);
    const none = await fx.t.db.product.create({
      data: { kind: "vps", name: "Downgraded VPS", slug: `dg-${randomUUID()}`, snapshotLimit: 0, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20 }, osImages: { create: [{ osImageId: fx.site.debian.id, isDefault: true }] } },
    });
    await fx.t.db.service.update({ where: { id: a.service.id }, data: { productId: none.id } });
    const listed = await call("GET", `/vps/${a.service.id}/snapshots`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ snapshots: [{ id: sid, name: "kept", status: "available" }], used: 1, max: 0 });
    const refused = { status: 403, body: { success: false, code: "FORBIDDEN", error: "Snapshots are not available for this VPS" } };
    expect(await call("POST", `/vps/${a.service.id}/snapshots`, { name: "more" })).toEqual(refused);
    expect(await call("POST", `/vps/${a.service.id}/snapshots/${sid}/revert`, { confirm: "kept" })).toEqual(refused);
    expect(await call("DELETE", `/vps/${a.service.id}/snapshots/${sid}`)).toEqual(refused);

    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect((await call("GET", `/vps/${a.service.id}/snapshots`)).body.data).toMatchObject({ used: 1, max: 0 });
    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    expect(await call("GET", `/vps/${a.service.id}/snapshots`)).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } });
  });

  it("a malformed snapshot id is 400 BAD_REQUEST with details [{field: id}], before the snapshot is looked up", async () => {
    const a = await vps();
    for (const [method, path, body] of [
      ["DELETE", `/vps/${a.service.id}/snapshots/not-a-uuid`, undefined],
      ["POST", `/vps/${a.service.id}/snapshots/12345/revert`, { confirm: "x" }],
    ] as const) {
      expect(await call(method, path, body)).toEqual({
        status: 400,
        body: { success: false, code: "BAD_REQUEST", error: "Malformed id: expected a UUID", details: [{ field: "id", message: "snapshotId: Must be a UUID" }] },
      });
    }
    // The VPS id keeps its own message.
    expect((await call("GET", "/vps/nope/snapshots")).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "id", message: "Must be a UUID" }] });
  });
});
