import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeActiveService, makeDedicatedSite } from "@/lib/services/testing/service-factories";
import { customerWithKey } from "../testing/api-test-kit";
import { customerVpsFixture } from "../testing/customer-vps-fixture";

// the customer API spec Services group: GET/POST /services/{id}/backups and POST …/backups/{backupId}/restore.

const fx = customerVpsFixture({ snapshotLimit: 3, hostnamePrefix: "b" });
const { call, later, vps } = fx;

describe("customer /services/{id}/backups", () => {
  it("VPS: create (default name) -> list -> restore with confirm; suspended may list but not create; dedicated lists none; another account's is 404", async () => {
    const a = await vps();
    const made = await call("POST", `/services/${a.service.id}/backups`, {});
    expect(made).toMatchObject({ status: 201, body: { success: true, data: { snapshot: { name: "backup-20260401-100000", status: "creating" }, pending: true } } });
    const id = (made.body.data as { snapshot: { id: string } }).snapshot.id;
    later(30_000);
    expect((await call("GET", `/services/${a.service.id}/backups`)).body.data).toMatchObject({ snapshots: [{ id, status: "available", has_memory: false }], used: 1, max: 3 });
    expect(await call("POST", `/services/${a.service.id}/backups/${id}/restore`, { confirm: "nope" })).toMatchObject({ status: 400, body: { error: "confirm must equal the snapshot name" } });
    expect(await call("POST", `/services/${a.service.id}/backups/${id}/restore`, { confirm: "backup-20260401-100000" })).toMatchObject({ status: 200, body: { data: { pending: true } } });
    later(120_000);

    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect((await call("GET", `/services/${a.service.id}/backups`)).status).toBe(200);
    expect(await call("POST", `/services/${a.service.id}/backups`, { name: "x" })).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is suspended; only stop and restart are allowed" } });

    const ds = await makeDedicatedSite(fx.t.db);
    const d = await makeActiveService(fx.t.db, { accountId: fx.me.account.id, productId: ds.product.id, locationId: ds.location.id, hostname: `ds-${randomUUID().slice(0, 6)}.example.com` });
    expect(await call("GET", `/services/${d.service.id}/backups`)).toEqual({ status: 200, body: { success: true, data: { backups: [] } } });
    expect(await call("POST", `/services/${d.service.id}/backups`, {})).toMatchObject({ status: 400, body: { error: "Backups are not available for dedicated servers" } });

    const stranger = await customerWithKey(fx.t.db);
    expect((await call("GET", `/services/${a.service.id}/backups`, undefined, stranger.plaintext)).status).toBe(404);
    expect((await call("POST", `/services/${a.service.id}/backups/${id}/restore`, { confirm: "backup-20260401-100000" }, stranger.plaintext)).status).toBe(404);
  });

  it("a plan without snapshots lists with max 0 and refuses creation (403); a malformed backup id is 400 with details [{field: id}]", async () => {
    const none = await fx.t.db.product.create({
      data: { kind: "vps", name: "No-snapshot VPS", slug: `nsb-${randomUUID()}`, snapshotLimit: 0, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20 }, osImages: { create: [{ osImageId: fx.site.debian.id, isDefault: true }] } },
    });
    const b = await makeActiveService(fx.t.db, { accountId: fx.me.account.id, productId: none.id, locationId: fx.site.location.id, hostname: `nb-${randomUUID().slice(0, 8)}.example.com` });
    expect(await call("GET", `/services/${b.service.id}/backups`)).toEqual({ status: 200, body: { success: true, data: { snapshots: [], used: 0, max: 0 } } });
    expect(await call("POST", `/services/${b.service.id}/backups`, {})).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Snapshots are not available for this VPS" } });
    await fx.t.db.service.update({ where: { id: b.service.id }, data: { status: "terminated" } });
    expect(await call("GET", `/services/${b.service.id}/backups`)).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } });

    const a = await vps();
    expect(await call("POST", `/services/${a.service.id}/backups/not-a-uuid/restore`, { confirm: "x" })).toEqual({
      status: 400,
      body: { success: false, code: "BAD_REQUEST", error: "Malformed id: expected a UUID", details: [{ field: "id", message: "backupId: Must be a UUID" }] },
    });
  });
});
