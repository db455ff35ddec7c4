import { describe, expect, it } from "vitest";
import { checkImageSourceUrl } from "@/lib/services/images/custom-image-rules";
import { DomainError } from "@/lib/errors/domain-error";
import { registerDriver } from "@/lib/backends/registry";
import { createSimulatedHypervisor, SIMULATED_HYPERVISOR } from "@/lib/backends/simulated-hypervisor/simulated-hypervisor";
import type { Resolver } from "@/lib/webhooks/resolver";
import { customerWithKey, mintCustomerKey } from "../testing/api-test-kit";
import { customerVpsFixture } from "../testing/customer-vps-fixture";

const fx = customerVpsFixture({ snapshotLimit: 2, nodes: 2, hostnamePrefix: "c" });
const { call, later, vps } = fx;

const SHA = "a".repeat(64);
// Literal IPs need no DNS; every name used below must stay unresolvable or be a literal.
const register = (body: Record<string, unknown>, key = fx.me.plaintext) => call("POST", "/custom-images", { name: "img", source_sha256: SHA, ...body }, key);
const DISK_JOB = "Another disk operation (snapshot, capture or reinstall) is running on this VPS; try again when it has finished";

type Image = { id: string; name: string; status: string; source_kind: string; source_url: string | null; source_sha256: string | null; os_family: string; progress: number | null };

describe("POST /vps/{id}/capture", () => {
  it("202 capturing, then available; one disk job per VM (409 for a snapshot meanwhile and the other way round)", async () => {
    const a = await vps();
    const started = await call("POST", `/vps/${a.service.id}/capture`, { name: "golden", description: "base" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ success: true, data: { job_id: expect.any(String), image: { name: "golden", description: "base", status: "capturing", source_kind: "capture", os_family: "linux" } } });
    const id = (started.body.data as { image: Image }).image.id;
    expect(await call("POST", `/vps/${a.service.id}/snapshots`, { name: "during" })).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: DISK_JOB } });
    expect(await call("POST", `/vps/${a.service.id}/capture`, { name: "again" })).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: DISK_JOB } });
    later(60_000);
    expect((await call("GET", `/custom-images/${id}`)).body.data).toMatchObject({ id, status: "available", progress: 100, available_at: expect.any(String), error: null });

    expect((await call("POST", `/vps/${a.service.id}/snapshots`, { name: "snap" })).status).toBe(201);
    expect(await call("POST", `/vps/${a.service.id}/capture`, { name: "while-snap" })).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: DISK_JOB } });
    later(60_000);
  });

  it("two captures of one VM at once: one 202, the other meets the disk lock (409) and holds no image slot", async () => {
    const a = await vps();
    const before = await fx.t.db.customImage.count({ where: { accountId: fx.me.account.id, deletedAt: null } });
    const results = await Promise.all([call("POST", `/vps/${a.service.id}/capture`, { name: "one" }), call("POST", `/vps/${a.service.id}/capture`, { name: "two" })]);
    expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual({ success: false, code: "CONFLICT", error: DISK_JOB });
    expect(await fx.t.db.customImage.count({ where: { accountId: fx.me.account.id, deletedAt: null } })).toBe(before + 1);
    later(60_000);
  });

  it("a hypervisor that cannot capture: 403 before the name is checked", async () => {
    registerDriver("sim-no-capture", "vps", (node, ctx) => {
      const sim = createSimulatedHypervisor(node, ctx);
      return { ...sim, capabilities: { ...sim.capabilities, capture: false } };
    });
    const a = await vps();
    const vm = await fx.t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id, destroyedAt: null } });
    await fx.t.db.node.update({ where: { id: vm.nodeId }, data: { driver: "sim-no-capture" } });
    try {
      expect(await call("POST", `/vps/${a.service.id}/capture`, { name: "" })).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Capture is not available for this VPS" } });
    } finally {
      await fx.t.db.node.update({ where: { id: vm.nodeId }, data: { driver: SIMULATED_HYPERVISOR } });
    }
  });

  it("refusals in order: suspended 403 before the body; name 400; another account's VPS 404; a read-only key 403", async () => {
    const a = await vps();
    expect(await call("POST", `/vps/${a.service.id}/capture`, {})).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await call("POST", `/vps/${a.service.id}/capture`, { name: "   " })).toMatchObject({ status: 400, body: { error: "name must be 1 to 120 characters without control characters" } });
    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect(await call("POST", `/vps/${a.service.id}/capture`, { name: "" })).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is suspended; only stop and restart are allowed" } });
    await fx.t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    expect(await call("POST", `/vps/${a.service.id}/capture`, { name: "x" })).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } });

    const stranger = await customerWithKey(fx.t.db);
    const theirs = await vps(stranger.account.id);
    expect(await call("POST", `/vps/${theirs.service.id}/capture`, { name: "x" })).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "VPS not found" } });
    const ro = await mintCustomerKey(fx.t.db, { accountId: fx.me.account.id, userId: fx.me.owner.id, scopes: ["read"] });
    expect((await call("POST", `/vps/${theirs.service.id}/capture`, { name: "x" }, ro.plaintext)).body).toMatchObject({ code: "SCOPE_REQUIRED", scope: "services" });
  });
});

describe("custom images", () => {
  it("register by URL: https, sha256 required and validated, canonical URL stored; list, get, delete", async () => {
    const created = await register({ name: "Alpine 3.20", source_url: "https://93.184.215.14/images/alpine.qcow2", source_sha256: SHA.toUpperCase(), os_family: "Linux" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Alpine 3.20",
      source_url: "https://93.184.215.14/images/alpine.qcow2",
      source_sha256: SHA,
      os_family: "linux",
      source_kind: "url",
      status: "available",
      size_bytes: null,
      virtual_size_bytes: null,
      error: null,
    });
    const id = (created.body.data as Image).id;
    const list = await call("GET", "/custom-images");
    expect(list.status).toBe(200);
    expect((list.body.data as Image[])[0]!.id).toBe(id);
    expect((await call("GET", `/custom-images/${id}`)).body.data).toMatchObject({ id, status: "available" });
    expect(await call("GET", "/custom-images/nope")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "id" }] } });

    expect(await call("DELETE", `/custom-images/${id}`)).toEqual({ status: 200, body: { success: true, data: { id, deleted: true } } });
    expect(await call("GET", `/custom-images/${id}`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Custom image not found" } });
    expect((await call("DELETE", `/custom-images/${id}`)).status).toBe(404);
  });

  it("register with the spec's names {name, sourceUrl, sha256, osFamily}; the snake_case aliases agree with them or 400", async () => {
    const created = await call("POST", "/custom-images", { name: "Spec named", sourceUrl: "https://93.184.215.14/images/spec.qcow2", sha256: SHA.toUpperCase(), osFamily: "BSD" });
    expect(created).toMatchObject({
      status: 201,
      body: { success: true, data: { name: "Spec named", source_url: "https://93.184.215.14/images/spec.qcow2", source_sha256: SHA, os_family: "bsd", source_kind: "url", status: "available" } },
    });
    expect((await call("POST", "/custom-images", { name: "Defaults", sourceUrl: "https://93.184.215.14/d.img", sha256: SHA })).body.data).toMatchObject({ os_family: "linux" });
    // Both names for one field: the same value is fine (digests compare case-insensitively), different values are not.
    const same = await call("POST", "/custom-images", { name: "Both", sourceUrl: "https://93.184.215.14/b.img", source_url: "https://93.184.215.14/b.img", sha256: SHA, source_sha256: SHA.toUpperCase() });
    expect(same.status).toBe(201);
    const before = await fx.t.db.customImage.count({ where: { accountId: fx.me.account.id, deletedAt: null } });
    for (const [body, field, alias] of [
      [{ sourceUrl: "https://93.184.215.14/a.img", source_url: "https://93.184.215.14/b.img", sha256: SHA }, "sourceUrl", "source_url"],
      [{ sourceUrl: "https://93.184.215.14/a.img", sha256: SHA, source_sha256: "b".repeat(64) }, "sha256", "source_sha256"],
      [{ sourceUrl: "https://93.184.215.14/a.img", sha256: SHA, osFamily: "linux", os_family: "windows" }, "osFamily", "os_family"],
    ] as const) {
      const message = `${field} and ${alias} are the same field; they were sent with different values`;
      expect(await call("POST", "/custom-images", { name: "conflict", ...body })).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", error: "Validation failed", details: [{ field, message }] } });
    }
    expect(await fx.t.db.customImage.count({ where: { accountId: fx.me.account.id, deletedAt: null } })).toBe(before);
  });

  it.each([
    [{ sha256: SHA }, "sourceUrl", "sourceUrl is required"],
    [{ sourceUrl: "http://93.184.215.14/a.img", sha256: SHA }, "sourceUrl", "sourceUrl must be an https:// URL"],
    [{ sourceUrl: "https://10.1.2.3/a.img", sha256: SHA }, "sourceUrl", "sourceUrl must use a public host: 10.1.2.3 is a private address"],
    [{ sourceUrl: "https://93.184.215.14/a.img" }, "sha256", "sha256 is required"],
    [{ sourceUrl: "https://93.184.215.14/a.img", sha256: "abc" }, "sha256", "sha256 must be 64 hexadecimal characters (the SHA-256 of the image file)"],
    [{ sourceUrl: "https://93.184.215.14/a.img", sha256: SHA, osFamily: "plan9" }, "osFamily", "osFamily must be one of linux, windows, bsd"],
    [{ source_url: "https://93.184.215.14/a.img" }, "source_sha256", "source_sha256 is required"],
    [{ sha256: SHA, source_url: "https://127.0.0.1/a.img" }, "source_url", "source_url must use a public host: 127.0.0.1 is a loopback address"],
  ])("with the spec's names, refuses %j with 400 naming %s as sent", async (body, field, message) => {
    const error = field === "sourceUrl" && message.endsWith("required") ? "Validation failed" : message;
    expect(await call("POST", "/custom-images", { name: "img", ...body })).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", error, details: [{ field, message }] } });
  });

  it.each([
    [{ source_url: "http://93.184.215.14/a.img" }, "source_url", "source_url must be an https:// URL"],
    [{ source_url: "ftp://93.184.215.14/a.img" }, "source_url", "source_url must be an https:// URL"],
    [{ source_url: "93.184.215.14/a.img" }, "source_url", "source_url must be an https:// URL"],
    [{ source_url: "https://user:pw@93.184.215.14/a.img" }, "source_url", "source_url must not contain a user name or password"],
    [{ source_url: `https://93.184.215.14/${"a".repeat(2030)}` }, "source_url", "source_url must be at most 2048 characters"],
    [{ source_url: "https://93.184.215.14/a.img", source_sha256: null }, "source_sha256", "source_sha256 is required"],
    [{ source_url: "https://93.184.215.14/a.img", source_sha256: "abc" }, "source_sha256", "source_sha256 must be 64 hexadecimal characters (the SHA-256 of the image file)"],
    [{ source_url: "https://93.184.215.14/a.img", source_sha256: "g".repeat(64) }, "source_sha256", "source_sha256 must be 64 hexadecimal characters (the SHA-256 of the image file)"],
    [{ source_url: "https://93.184.215.14/a.img", os_family: "plan9" }, "os_family", "os_family must be one of linux, windows, bsd"],
    [{ source_url: "https://127.0.0.1/a.img" }, "source_url", "source_url must use a public host: 127.0.0.1 is a loopback address"],
    [{ source_url: "https://10.1.2.3/a.img" }, "source_url", "source_url must use a public host: 10.1.2.3 is a private address"],
    [{ source_url: "https://[::ffff:127.0.0.1]/a.img" }, "source_url", "source_url must use a public host: [::ffff:7f00:1] is an IPv4-mapped IPv6 address"],
    [{ source_url: "https://[::1]/a.img" }, "source_url", "source_url must use a public host: [::1] is a loopback address"],
    // Decimal, hex and short IPv4 spellings are canonicalised by URL parsing, then refused.
    [{ source_url: "https://2130706433/a.img" }, "source_url", "source_url must use a public host: 127.0.0.1 is a loopback address"],
    [{ source_url: "https://0x7f.1/a.img" }, "source_url", "source_url must use a public host: 127.0.0.1 is a loopback address"],
    [{ source_url: "https://167772161/a.img" }, "source_url", "source_url must use a public host: 10.0.0.1 is a private address"],
    [{ source_url: "https://169.254.169.254/latest/meta-data" }, "source_url", "source_url must use a public host: 169.254.169.254 is a link-local address"],
    [{ source_url: "https://localhost/a.img" }, "source_url", "source_url must use a public host: localhost is not a public domain name"],
    [{ source_url: "https://images.internal/a.img" }, "source_url", "source_url must use a public host: images.internal is not a public domain name"],
  ])("refuses %j with 400 naming %s", async (body, field, message) => {
    const before = await fx.t.db.customImage.count({ where: { accountId: fx.me.account.id, deletedAt: null } });
    expect(await register(body)).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", error: message, details: [{ field, message }] } });
    expect(await fx.t.db.customImage.count({ where: { accountId: fx.me.account.id, deletedAt: null } })).toBe(before);
  });

  it("a name resolving to a private address is refused (every address checked); an unresolvable one too", async () => {
    const resolve: Resolver = async (host) => {
      const table: Record<string, string[]> = { "mixed.example.net": ["93.184.215.14", "10.0.0.5"], "mapped.example.net": ["::ffff:127.0.0.1"], "ok.example.net": ["93.184.215.14"] };
      if (!table[host]) throw new Error("ENOTFOUND");
      return table[host].map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
    };
    const refusal = async (url: string) => {
      try {
        await checkImageSourceUrl(url, { resolve });
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as DomainError).message;
      }
      return "accepted";
    };
    expect(await refusal("https://mixed.example.net/a.img")).toBe("source_url must use a public host: mixed.example.net resolves to 10.0.0.5, a private address");
    expect(await refusal("https://mapped.example.net/a.img")).toBe("source_url must use a public host: mapped.example.net resolves to ::ffff:127.0.0.1, an IPv4-mapped IPv6 address");
    expect(await refusal("https://nowhere.example.net/a.img")).toBe("source_url host could not be resolved");
    expect(await refusal("https://ok.example.net/a.img")).toBe("accepted");
  });

  it("tenant isolation: another account's image is 404 to read and delete and never listed; a capturing image cannot be deleted (409)", async () => {
    const stranger = await customerWithKey(fx.t.db);
    const theirs = await register({ name: "theirs", source_url: "https://93.184.215.14/t.img" }, stranger.plaintext);
    const id = (theirs.body.data as Image).id;
    expect(await call("GET", `/custom-images/${id}`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Custom image not found" } });
    expect((await call("DELETE", `/custom-images/${id}`)).status).toBe(404);
    expect(((await call("GET", "/custom-images")).body.data as Image[]).some((i) => i.id === id)).toBe(false);
    expect((await call("GET", `/custom-images/${id}`, undefined, stranger.plaintext)).status).toBe(200);

    const a = await vps(stranger.account.id);
    const cap = await call("POST", `/vps/${a.service.id}/capture`, { name: "busy" }, stranger.plaintext);
    const capId = (cap.body.data as { image: Image }).image.id;
    expect(await call("DELETE", `/custom-images/${capId}`, undefined, stranger.plaintext)).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: "Custom image busy is still capturing; try again when it is available" },
    });
    expect((await call("GET", `/custom-images/${capId}`)).status).toBe(404);
    later(60_000);
    expect((await call("DELETE", `/custom-images/${capId}`, undefined, stranger.plaintext)).status).toBe(200);
  });

  it("the account's image cap answers 409", async () => {
    const small = await customerWithKey(fx.t.db);
    await fx.t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customImageLimit: 2 }, update: { customImageLimit: 2 } });
    try {
      expect((await register({ name: "one", source_url: "https://93.184.215.14/1.img" }, small.plaintext)).status).toBe(201);
      expect((await register({ name: "two", source_url: "https://93.184.215.14/2.img" }, small.plaintext)).status).toBe(201);
      expect(await register({ name: "three", source_url: "https://93.184.215.14/3.img" }, small.plaintext)).toEqual({
        status: 409,
        body: { success: false, code: "CONFLICT", error: "Image limit reached: this account keeps at most 2 custom images" },
      });
      // Racing registrations for the last slot: the account row's lock lets exactly one in.
      const racer = await customerWithKey(fx.t.db);
      await register({ name: "held", source_url: "https://93.184.215.14/h.img" }, racer.plaintext);
      const raced = await Promise.all(["a", "b", "c"].map((n) => register({ name: n, source_url: `https://93.184.215.14/${n}.img` }, racer.plaintext)));
      expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await fx.t.db.customImage.count({ where: { accountId: racer.account.id, deletedAt: null } })).toBe(2);
    } finally {
      await fx.t.db.platformSettings.update({ where: { id: 1 }, data: { customImageLimit: 10 } });
    }
  });
});
