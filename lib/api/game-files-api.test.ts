import { createServer, type Server } from "node:http";
import { mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAR_END, tarHeader, tarPadding } from "@/game-node/files/tar-format";
import { makeActiveGameService, makeGameSite, startTestGameNode, type TestGameNode } from "@/lib/game/testing/game-test-kit";
import { TEST_ALLOW_VARIABLE } from "@/lib/webhooks/address-policy";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey } from "./testing/api-test-kit";
import { dispatchResellerApi } from "./reseller/dispatch";

// The game file manager through the reseller API (signed requests) against a real game node agent:
// round trips, containment attacks through every door, quota, download-url's address rules.
let t: TestDb;
let node: TestGameNode;
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let other: Awaited<ReturnType<typeof resellerWithKey>>;
let game: Awaited<ReturnType<typeof makeActiveGameService>>;
let volume: string;
let outside: string;
let web: Server;
let webPort: number;
let loopback: Server;
let loopbackPort: number;
const previousAllow = process.env[TEST_ALLOW_VARIABLE];
const now = new Date();

const send = (method: string, path: string, body?: unknown, who = r, key = who.plaintext) =>
  dispatchResellerApi(resellerRequest(method, path, { key, body, sign: method === "GET" ? undefined : { secret: who.secret, now } }), { db: t.db, clock: () => now });
const call = async (method: string, path: string, body?: unknown, who = r, key = who.plaintext) => readJson(await send(method, path, body, who, key));
const files = (rest = "") => `/services/${game.service.id}/game/files${rest}`;
const op = (name: string, body: unknown, who = r, key = who.plaintext) => call("POST", files(`/${name}`), body, who, key);
const q = (p: string) => `?path=${encodeURIComponent(p)}`;
const b64 = (data: string | Buffer) => Buffer.from(data).toString("base64");

/** Every name under a directory, recursively (to show nothing appeared beside the data). */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) out.push(path.join(entry.parentPath, entry.name));
  return out.sort();
}

beforeAll(async () => {
  t = await createTestDb();
  node = await startTestGameNode();
  const site = await makeGameSite(t.db);
  r = await resellerWithKey(t.db);
  other = await resellerWithKey(t.db);
  game = await makeActiveGameService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, resellerId: r.profile.id });
  volume = path.join(node.dataDir, "volumes", game.gameServer.id);
  outside = await mkdtemp(path.join(tmpdir(), "rackfront-outside-"));
  await writeFile(path.join(outside, "secret.txt"), "outside secret");
  await writeFile(path.join(node.dataDir, "sentinel.txt"), "beside the volumes");

  // "The internet" for download-url: 127.0.0.2 is exempted like a public host; 127.0.0.1 stays refused.
  process.env[TEST_ALLOW_VARIABLE] = "127.0.0.2";
  loopback = createServer((_req, res) => res.end("loopback secret"));
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  loopbackPort = (loopback.address() as { port: number }).port;
  web = createServer((req, res) => {
    if (req.url === "/plugin.jar") return res.end("jar bytes");
    if (req.url === "/hop") return res.writeHead(302, { location: "/plugin.jar" }).end();
    if (req.url === "/to-loopback") return res.writeHead(302, { location: `http://127.0.0.1:${loopbackPort}/secret` }).end();
    if (req.url === "/to-localhost") return res.writeHead(301, { location: `http://localhost:${loopbackPort}/secret` }).end();
    if (req.url === "/big") return res.writeHead(200, { "content-length": String(64 * 1024) }).end(Buffer.alloc(64 * 1024));
    if (req.url === "/endless") {
      // No Content-Length: the portal must cut it off itself.
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024);
      const pump = () => {
        while (res.write(chunk));
      };
      res.on("drain", pump);
      res.on("close", () => res.off("drain", pump));
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.2", resolve));
  webPort = (web.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  if (previousAllow === undefined) delete process.env[TEST_ALLOW_VARIABLE];
  else process.env[TEST_ALLOW_VARIABLE] = previousAllow;
  web?.closeAllConnections();
  web?.close();
  loopback?.close();
  await node?.stop();
  await t?.close();
  if (outside) await rm(outside, { recursive: true, force: true });
});

describe("reseller API: game files", () => {
  it("mkdir, write, list, read, contents, download, rename, chmod, upload, compress, decompress, delete", async () => {
    expect(await op("mkdir", { path: "/cfg" })).toMatchObject({ status: 200, body: { success: true, data: { op: "mkdir", path: "/cfg" } } });
    expect(await op("write", { path: "/cfg/a.txt", content: "héllo\n" })).toMatchObject({ status: 200, body: { data: { op: "write", path: "/cfg/a.txt" } } });
    expect(await readFile(path.join(volume, "cfg/a.txt"), "utf8")).toBe("héllo\n");

    const listed = await call("GET", files(q("/cfg")));
    expect(listed).toMatchObject({ status: 200, body: { data: { path: "/cfg", entries: [{ name: "a.txt", type: "file", size: 7, mode: "644" }] } } });
    const root = await call("GET", files());
    expect((root.body.data as { entries: { name: string; type: string }[] }).entries).toContainEqual(expect.objectContaining({ name: "cfg", type: "dir" }));

    expect(await call("GET", files(`/read${q("/cfg/a.txt")}`))).toMatchObject({ status: 200, body: { data: { path: "/cfg/a.txt", content: "héllo\n" } } });
    expect(await call("GET", files(`/contents${q("cfg/a.txt")}`))).toMatchObject({ status: 200, body: { data: { content: "héllo\n" } } });

    const download = await send("GET", files(`/download${q("/cfg/a.txt")}`));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-length")).toBe("7");
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''a.txt");
    expect(Buffer.from(await download.arrayBuffer()).toString("utf8")).toBe("héllo\n");

    expect(await op("rename", { from: "/cfg/a.txt", to: "/cfg/b.txt" })).toMatchObject({ status: 200, body: { data: { op: "rename", path: "/cfg/b.txt" } } });
    expect(await op("chmod", { path: "/cfg/b.txt", mode: "4600" })).toMatchObject({ status: 200, body: { data: { op: "chmod" } } });
    expect((await stat(path.join(volume, "cfg/b.txt"))).mode & 0o7777).toBe(0o600);

    const binary = Buffer.from([0, 1, 2, 254, 255, 10, 13]);
    expect(await op("upload", { path: "/cfg", name: "bin.dat", content: b64(binary) })).toMatchObject({
      status: 200,
      body: { data: { op: "upload", path: "/cfg/bin.dat", bytes: 7 } },
    });
    const got = await send("GET", files(`/download${q("/cfg/bin.dat")}`));
    expect(Buffer.from(await got.arrayBuffer())).toEqual(binary);

    const compressed = await op("compress", { root: "/cfg", files: ["b.txt", "bin.dat"] });
    expect(compressed).toMatchObject({ status: 200, body: { data: { op: "compress", skipped: [] } } });
    const archive = (compressed.body.data as { archive: string }).archive;
    expect(archive).toMatch(/^\/cfg\/archive-.*\.tar\.gz$/);
    expect(await op("mkdir", { path: "/out" })).toMatchObject({ status: 200 });
    expect(await op("rename", { from: archive, to: "/out/x.tar.gz" })).toMatchObject({ status: 200 });
    expect(await op("decompress", { root: "/out", file: "x.tar.gz" })).toMatchObject({ status: 200, body: { data: { op: "decompress", files: 2, bytes: 14 } } });
    expect(await readFile(path.join(volume, "out/b.txt"), "utf8")).toBe("héllo\n");
    // Extracting again would overwrite: refused, 409.
    expect(await op("decompress", { root: "/out", file: "x.tar.gz" })).toMatchObject({ status: 409, body: { success: false } });

    expect(await op("delete", { root: "/cfg", files: ["b.txt", "bin.dat"] })).toMatchObject({ status: 200, body: { data: { op: "delete", deleted: 2 } } });
    expect(await call("GET", files(`/read${q("/cfg/b.txt")}`))).toMatchObject({ status: 404, body: { success: false, error: "/cfg/b.txt does not exist." } });
    // Renaming onto a name that exists is a conflict.
    await op("write", { path: "/cfg/c.txt", content: "c" });
    expect(await op("rename", { from: "/cfg/c.txt", to: "/out/b.txt" })).toMatchObject({ status: 409, body: { success: false, error: "/out/b.txt already exists." } });
  });

  it("an unknown op, a bad body, bad base64 and an upload over 4 MiB are 400 with a sentence or details", async () => {
    expect(await op("explode", { path: "/x" })).toMatchObject({
      status: 400,
      body: { success: false, error: "Unknown file operation: use write, mkdir, rename, delete, compress, decompress, chmod, upload, download-url" },
    });
    const missing = await op("write", { content: "x" });
    expect(missing).toMatchObject({ status: 400, body: { error: { message: "Validation failed", details: [{ field: "path" }] } } });
    expect(await op("chmod", { path: "/x", mode: "rwx" })).toMatchObject({ status: 400, body: { error: { details: [{ field: "mode" }] } } });
    for (const content of ["not base64!", "QQ=A", "Q"]) {
      expect(await op("upload", { path: "/", name: "u.bin", content })).toMatchObject({
        status: 400,
        body: { error: { message: "Validation failed", details: [{ field: "content", message: expect.stringMatching(/base64/) }] } },
      });
    }
    const tooBig = b64(Buffer.alloc(4 * 1024 * 1024 + 1));
    expect(await op("upload", { path: "/", name: "big.bin", content: tooBig })).toMatchObject({
      status: 400,
      body: { error: { details: [{ field: "content", message: "An upload may be at most 4194304 bytes once decoded" }] } },
    });
    // Exactly 4 MiB is accepted (the body is over the APIs' usual 1 MB).
    expect(await op("upload", { path: "/", name: "max.bin", content: b64(Buffer.alloc(4 * 1024 * 1024, 7)) })).toMatchObject({ status: 200, body: { data: { bytes: 4 * 1024 * 1024 } } });
    expect((await stat(path.join(volume, "max.bin"))).size).toBe(4 * 1024 * 1024);
    expect(await op("upload", { path: "/", name: "a/b", content: b64("x") })).toMatchObject({ status: 400, body: { error: { details: [{ field: "name" }] } } });
    expect(await op("upload", { path: "/", name: "u.bin", content: b64("x") }, r, (await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] })).plaintext)).toMatchObject({
      status: 403,
    });
    expect(await readdir(volume)).not.toContain("big.bin");
    expect(await readdir(volume)).not.toContain("u.bin");
  });

  it("containment through the query: .., %2e%2e, absolute paths, backslashes, NUL; %252e%252e and /etc/passwd stay inside", async () => {
    const before = await tree(node.dataDir);
    const refusedPaths = ["..", "../..", `../${game.gameServer.id}`, "/../../etc/passwd", "cfg/../../x", "..\\..\\etc\\passwd", "a\\b"];
    for (const where of ["", "/read", "/contents", "/download"]) {
      for (const p of refusedPaths) {
        const answer = await call("GET", files(`${where}${q(p)}`));
        expect(answer.status, `${where} ${p}`).toBe(400);
        expect(answer.body.success).toBe(false);
      }
      // Percent-encoded dots are decoded once (by the URL parser) and then refused as "..".
      expect((await call("GET", files(`${where}?path=%2e%2e`))).status).toBe(400);
      expect((await call("GET", files(`${where}?path=%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`))).status).toBe(400);
      // NUL never reaches the node.
      expect((await call("GET", files(`${where}?path=a%00b`))).status).toBe(400);
    }
    expect((await call("GET", files(`/read?path=..%2f..%2fsentinel.txt`))).body).toMatchObject({ success: false, error: expect.stringMatching(/\.\./) });
    // Double-encoded: a literal name "%2e%2e", the server's own file.
    await op("write", { path: "/%2e%2e", content: "literal" });
    expect(await call("GET", files("/read?path=%252e%252e"))).toMatchObject({ status: 200, body: { data: { content: "literal" } } });
    expect(await readFile(path.join(volume, "%2e%2e"), "utf8")).toBe("literal");
    // An absolute path is the server's root: /etc/passwd is the server's own (missing) file.
    expect(await call("GET", files(`/read${q("/etc/passwd")}`))).toMatchObject({ status: 404, body: { error: "/etc does not exist." } });
    expect(await tree(node.dataDir)).toEqual([...before, path.join(volume, "%2e%2e")].sort());
  });

  it("containment through every body field", async () => {
    const before = await tree(node.dataDir);
    const attacks: [string, unknown][] = [
      ["write", { path: "../escape.txt", content: "x" }],
      ["write", { path: "/../../sentinel.txt", content: "x" }],
      ["write", { path: "a\\..\\..\\escape.txt", content: "x" }],
      ["mkdir", { path: "../escape" }],
      ["rename", { from: "/%2e%2e", to: "../escape.txt" }],
      ["rename", { from: "../../sentinel.txt", to: "/stolen.txt" }],
      ["delete", { root: "/", files: ["../../sentinel.txt"] }],
      ["delete", { root: "..", files: ["sentinel.txt"] }],
      ["compress", { root: "/", files: ["../../sentinel.txt"] }],
      ["decompress", { root: "/..", file: "x.tar.gz" }],
      ["chmod", { path: "../../sentinel.txt", mode: "777" }],
      ["upload", { path: "/..", name: "escape.txt", content: b64("x") }],
      ["upload", { path: "/", name: "..", content: b64("x") }],
    ];
    for (const [name, body] of attacks) {
      const answer = await op(name, body);
      expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    expect(await op("write", { path: "a\u0000b", content: "x" })).toMatchObject({ status: 400 });
    expect(await tree(node.dataDir)).toEqual(before);
    expect(await readFile(path.join(node.dataDir, "sentinel.txt"), "utf8")).toBe("beside the volumes");
  });

  it("a symlink put in the volume on disk is never followed: reads, writes, lists, downloads through it are refused", async () => {
    await symlink(path.join(outside, "secret.txt"), path.join(volume, "leak.txt"));
    await symlink(outside, path.join(volume, "leakdir"));
    const before = await tree(outside);
    for (const where of ["/read", "/contents", "/download"]) {
      expect(await call("GET", files(`${where}${q("/leak.txt")}`)), where).toMatchObject({ status: 400, body: { success: false } });
      expect((await call("GET", files(`${where}${q("/leakdir/secret.txt")}`))).status, where).toBe(400);
    }
    expect((await call("GET", files(q("/leakdir")))).status).toBe(400);
    for (const [name, body] of [
      ["write", { path: "/leak.txt", content: "pwned" }],
      ["write", { path: "/leakdir/new.txt", content: "pwned" }],
      ["upload", { path: "/leakdir", name: "new.bin", content: b64("pwned") }],
      ["chmod", { path: "/leak.txt", mode: "777" }],
      ["mkdir", { path: "/leakdir/sub" }],
      ["rename", { from: "/%2e%2e", to: "/leakdir/moved" }],
      ["compress", { root: "/leakdir", files: ["secret.txt"] }],
    ] as const) {
      expect(await op(name, body), `${name}`).toMatchObject({ status: 400, body: { success: false } });
    }
    // The listing shows the link as a link; deleting it removes the link, never its target.
    const listed = (await call("GET", files())).body.data as { entries: { name: string; type: string }[] };
    expect(listed.entries).toContainEqual(expect.objectContaining({ name: "leak.txt", type: "symlink" }));
    expect(await op("delete", { root: "/", files: ["leak.txt", "leakdir"] })).toMatchObject({ status: 200 });
    expect(await tree(outside)).toEqual(before);
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("outside secret");
  });

  it("a zip-slip archive is refused whole and writes nothing", async () => {
    const entry = (name: string, data: string) => [tarHeader({ name, type: "file", size: data.length, mode: 0o644, mtime: new Date() }), Buffer.from(data), tarPadding(data.length)];
    for (const evil of ["../evil.txt", "../../sentinel.txt", "/evil.txt", "ok/../../evil.txt"]) {
      const archive = gzipSync(Buffer.concat([...entry("good.txt", "fine"), ...entry(evil, "evil"), TAR_END]));
      expect(await op("upload", { path: "/slip", name: "slip.tar.gz", content: b64(archive) })).toMatchObject({ status: 200 });
      const before = await tree(node.dataDir);
      const answer = await op("decompress", { root: "/slip", file: "slip.tar.gz" });
      expect(answer, evil).toMatchObject({ status: 400, body: { success: false, error: expect.stringMatching(/archive entry/) } });
      expect(await tree(node.dataDir)).toEqual(before);
    }
    expect(await readdir(path.join(volume, "slip"))).toEqual(["slip.tar.gz"]);
  });

  it("over the disk quota: write and upload are 413 and leave nothing", async () => {
    const filler = path.join(volume, "filler.bin");
    // A sparse file: counted at its apparent size, costs no disk.
    await writeFile(filler, "");
    await truncate(filler, game.gameServer.diskMb * 1024 * 1024 - 1024);
    try {
      const write = await op("write", { path: "/full.txt", content: "x".repeat(8192) });
      expect(write).toMatchObject({ status: 413, body: { success: false, error: expect.stringMatching(/quota/) } });
      expect(await op("upload", { path: "/", name: "full.bin", content: b64(Buffer.alloc(8192)) })).toMatchObject({ status: 413 });
      expect(await readdir(volume)).not.toContain("full.txt");
      expect(await readdir(volume)).not.toContain("full.bin");
      // download-url: a Content-Length over the free space is refused (by the portal or by the node).
      expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/big`, path: "/" })).toMatchObject({ status: 413 });
      expect(await readdir(volume)).not.toContain("big");
    } finally {
      await rm(filler);
    }
  });

  it("download-url fetches a public URL (following a checked redirect) into the server", async () => {
    expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/plugin.jar`, path: "/" })).toMatchObject({
      status: 200,
      body: { data: { op: "download-url", path: "/plugin.jar", bytes: 9 } },
    });
    expect(await readFile(path.join(volume, "plugin.jar"), "utf8")).toBe("jar bytes");
    await op("mkdir", { path: "/plugins" });
    expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/hop`, path: "/plugins", name: "renamed.jar" })).toMatchObject({
      status: 200,
      body: { data: { path: "/plugins/renamed.jar", bytes: 9 } },
    });
    expect(await readFile(path.join(volume, "plugins/renamed.jar"), "utf8")).toBe("jar bytes");
    expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/missing.jar`, path: "/" })).toMatchObject({ status: 400, body: { error: "The URL answered 404, not 200" } });
    expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/`, path: "/" })).toMatchObject({ status: 400, body: { error: { details: [{ field: "name" }] } } });
    expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/plugin.jar`, path: "/", name: ".." })).toMatchObject({ status: 400 });
    expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/plugin.jar`, path: "/nope" })).toMatchObject({ status: 404 });
  });

  it("download-url refuses loopback, private, link-local, localhost, other schemes and a redirect to loopback", async () => {
    const before = await readdir(volume);
    const refused: [string, RegExp][] = [
      [`http://127.0.0.1:${loopbackPort}/secret`, /loopback/],
      ["http://10.0.0.1/secret", /private/],
      ["http://169.254.169.254/latest/meta-data/", /link-local/],
      [`http://localhost:${loopbackPort}/secret`, /localhost is not a public domain name/],
      [`http://[::1]:${loopbackPort}/secret`, /loopback/],
      [`http://0x7f000001:${loopbackPort}/secret`, /loopback/],
      ["file:///etc/passwd", /Only http and https/],
      ["ftp://example.com/file", /Only http and https/],
      [`http://user:pw@127.0.0.2:${webPort}/plugin.jar`, /user name or password/],
      [`http://127.0.0.2:${webPort}/to-loopback`, /loopback/],
      [`http://127.0.0.2:${webPort}/to-localhost`, /localhost/],
    ];
    for (const [url, why] of refused) {
      const answer = await op("download-url", { url, path: "/", name: "got.txt" });
      expect(answer, url).toMatchObject({ status: 400, body: { success: false, error: expect.stringMatching(why) } });
    }
    expect(await readdir(volume)).toEqual(before);
  });

  it("download-url: a body without Content-Length that outgrows the quota is cut off and leaves nothing, not even a temp file", async () => {
    const filler = path.join(volume, "filler.bin");
    await writeFile(filler, "");
    await truncate(filler, game.gameServer.diskMb * 1024 * 1024 - 256 * 1024);
    const before = await readdir(volume);
    try {
      expect(await op("download-url", { url: `http://127.0.0.2:${webPort}/endless`, path: "/" })).toMatchObject({ status: 413, body: { error: expect.stringMatching(/does not fit/) } });
      expect(await readdir(volume)).toEqual(before);
    } finally {
      await rm(filler);
    }
  });

  it("another reseller's service is 404; a read key cannot write", async () => {
    expect((await call("GET", files(), undefined, other)).status).toBe(404);
    expect((await call("GET", files(`/read${q("/index.js")}`), undefined, other)).status).toBe(404);
    expect((await send("GET", files(`/download${q("/index.js")}`), undefined, other)).status).toBe(404);
    expect((await op("write", { path: "/x.txt", content: "x" }, other)).status).toBe(404);
    expect((await op("explode", {}, other)).status).toBe(404);
    const readKey = (await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] })).plaintext;
    expect((await call("GET", files(`/read${q("/index.js")}`), undefined, r, readKey)).status).toBe(200);
    expect(await op("write", { path: "/x.txt", content: "x" }, r, readKey)).toMatchObject({ status: 403, body: { error: "API key is missing the required scope: services" } });
    expect(await readdir(volume)).not.toContain("x.txt");
  });
});
