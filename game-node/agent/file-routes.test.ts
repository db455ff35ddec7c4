import { request } from "node:http";
import { mkdir, readFile, readdir, stat, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileEntryView } from "../protocol/node-api";
import { NODE_TOKEN, OTHER_ID, SERVER_ID, installed, startAgent, stopAll, type TestAgent } from "./testing/agent-harness";

let node: TestAgent;
let volume: string;
const SENTINEL = "outside: must never change";

beforeEach(async () => {
  node = await startAgent();
  await installed(node);
  await installed(node, {}, OTHER_ID);
  volume = path.join(node.dataDir, "volumes", SERVER_ID);
  // Things beside the server's folder that no request may read or touch.
  await writeFile(path.join(node.dataDir, "secret.txt"), SENTINEL);
  await writeFile(path.join(node.dataDir, "volumes", OTHER_ID, "neighbour.txt"), SENTINEL);
});
afterEach(stopAll);

const files = (suffix: string) => `/api/servers/${SERVER_ID}/files/${suffix}`;
const q = (value: string) => encodeURIComponent(value);

async function op(name: string, body: unknown): Promise<Response> {
  return node.api("POST", files(name), body);
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; fileCode?: string; field?: string; message: string } }).error;
}

async function outsideUnchanged(): Promise<void> {
  expect(await readFile(path.join(node.dataDir, "secret.txt"), "utf8")).toBe(SENTINEL);
  expect(await readdir(path.join(node.dataDir, "volumes", OTHER_ID))).toEqual(["neighbour.txt", "server.properties"]);
  expect(await readFile(path.join(node.dataDir, "volumes", OTHER_ID, "neighbour.txt"), "utf8")).toBe(SENTINEL);
  expect((await readdir(node.dataDir)).sort()).toEqual(["runtimes", "secret.txt", "servers", "volumes"]);
  expect((await readdir(path.join(node.dataDir, "volumes"))).sort()).toEqual([OTHER_ID, SERVER_ID].sort());
}

/** Sends a raw PUT with node:http, so a body can be announced larger than what is sent, or streamed in chunks. */
function rawPut(userPath: string, chunks: Buffer[], headers: Record<string, string | number> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: node.port, method: "PUT", path: files(`raw?path=${q(userPath)}`), headers: { authorization: `Bearer ${NODE_TOKEN}`, ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // The node may answer (and close) before the whole body is sent: that is the point of some tests.
    req.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    const pump = async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((resolve) => req.once("drain", resolve).once("close", resolve));
      }
      req.end();
    };
    void pump();
  });
}

describe("node API: files", () => {
  it("lists, reads, downloads, writes and uploads", async () => {
    expect((await op("write", { path: "/config/game.cfg", content: "difficulty=hard\n" })).status).toBe(200);
    const upload = await op("upload", { path: "/config", name: "logo.bin", content: Buffer.from([0, 1, 2, 255]).toString("base64") });
    expect(await upload.json()).toEqual({ ok: true });

    const list = (await (await node.api("GET", files(`list?path=${q("/config")}`))).json()) as FileEntryView[];
    expect(list.map((entry) => [entry.name, entry.type, entry.size, entry.mode])).toEqual([
      ["game.cfg", "file", 16, "644"],
      ["logo.bin", "file", 4, "644"],
    ]);
    const rootList = (await (await node.api("GET", files("list"))).json()) as FileEntryView[];
    expect(rootList.map((entry) => entry.name)).toEqual(["config", "server.properties"]);

    const contents = await node.api("GET", files(`contents?path=${q("/config/game.cfg")}`));
    expect(contents.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await contents.text()).toBe("difficulty=hard\n");

    const download = await node.api("GET", files(`download?path=${q("config/logo.bin")}`));
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''logo.bin");
    expect([...new Uint8Array(await download.arrayBuffer())]).toEqual([0, 1, 2, 255]);

    // A streamed raw body of several chunks lands as one file.
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const put = await rawPut("/config/world.bin", [big.subarray(0, 1_000_000), big.subarray(1_000_000)]);
    expect(put.status).toBe(204);
    expect((await readFile(path.join(volume, "config", "world.bin"))).equals(big)).toBe(true);
    await outsideUnchanged();
  });

  it("mkdir, rename, chmod, delete", async () => {
    expect((await op("mkdir", { path: "/plugins/old" })).status).toBe(200);
    await op("write", { path: "/plugins/old/a.txt", content: "a" });
    expect((await op("rename", { from: "/plugins/old", to: "/plugins/new" })).status).toBe(200);
    expect((await op("chmod", { path: "/plugins/new/a.txt", mode: "600" })).status).toBe(200);
    expect((await stat(path.join(volume, "plugins", "new", "a.txt"))).mode & 0o777).toBe(0o600);

    const exists = await op("rename", { from: "/plugins/new", to: "/server.properties" });
    expect(exists.status).toBe(409);
    expect((await errorOf(exists)).fileCode).toBe("exists");
    const missing = await op("rename", { from: "/nope", to: "/nope2" });
    expect(missing.status).toBe(404);

    const deleted = await op("delete", { root: "/plugins", files: ["new"] });
    expect(await deleted.json()).toEqual({ ok: true, deleted: 1 });
    expect(await readdir(path.join(volume, "plugins"))).toEqual([]);
  });

  it("compresses and decompresses", async () => {
    await op("write", { path: "/world/level.dat", content: "level" });
    await op("write", { path: "/world/region/r.0.0.mca", content: "region" });
    const compressed = await op("compress", { root: "/", files: ["world"] });
    expect(compressed.status).toBe(200);
    const { archive } = (await compressed.json()) as { archive: string };
    expect(archive).toMatch(/^\/archive-.*\.tar\.gz$/);

    await op("mkdir", { path: "/restore" });
    await op("rename", { from: archive, to: "/restore/world.tar.gz" });
    const decompressed = await op("decompress", { root: "/restore", file: "world.tar.gz" });
    expect(await decompressed.json()).toMatchObject({ ok: true, files: 2, folders: 2 });
    expect(await readFile(path.join(volume, "restore", "world", "region", "r.0.0.mca"), "utf8")).toBe("region");
  });

  it("answers file errors with their status and fileCode", async () => {
    await truncate(path.join(volume, "server.properties"), 5 * 1024 * 1024);
    const tooLarge = await node.api("GET", files(`contents?path=${q("/server.properties")}`));
    expect(tooLarge.status).toBe(413);
    expect(await errorOf(tooLarge)).toMatchObject({ code: "file", fileCode: "too_large" });
    expect((await errorOf(await node.api("GET", files(`contents?path=${q("/")}`)))).fileCode).toBe("is_directory");
    expect((await node.api("GET", files("contents"))).status).toBe(400);
    expect((await node.api("POST", files("explode"), {})).status).toBe(404);
    const badBase64 = await op("upload", { path: "/", name: "x", content: "not base64!" });
    expect(await errorOf(badBase64)).toMatchObject({ code: "validation", field: "content" });
    const badMode = await op("chmod", { path: "/server.properties", mode: "rwx" });
    expect(await errorOf(badMode)).toMatchObject({ code: "validation", field: "mode" });
    const slash = await op("upload", { path: "/", name: "a/b", content: "" });
    expect(slash.status).toBe(400);
  });

  it("refuses traversal in query paths and bodies, touching nothing outside", async () => {
    const escapes = ["..", "../secret.txt", "../../secret.txt", "/../secret.txt", "config/../../secret.txt", `../${OTHER_ID}/neighbour.txt`, "..\\secret.txt", "a\u0000b"];
    for (const escape of escapes) {
      for (const action of ["list", "contents", "download"]) {
        const res = await node.api("GET", files(`${action}?path=${q(escape)}`));
        expect(res.status, `${action} ${JSON.stringify(escape)}`).toBe(400);
        expect((await errorOf(res)).fileCode).toBe("invalid_path");
      }
      expect((await rawPut(escape, [Buffer.from("pwned")])).status).toBe(400);
      for (const [name, body] of [
        ["write", { path: escape, content: "pwned" }],
        ["mkdir", { path: escape }],
        ["rename", { from: "/server.properties", to: escape }],
        ["rename", { from: escape, to: "/stolen" }],
        ["delete", { root: "/", files: [escape] }],
        ["delete", { root: escape, files: ["secret.txt"] }],
        ["chmod", { path: escape, mode: "777" }],
        ["upload", { path: escape, name: "x", content: "cHduZWQ=" }],
        ["compress", { root: escape, files: ["secret.txt"] }],
        ["decompress", { root: escape, file: "x.tar.gz" }],
      ] as const) {
        const res = await op(name, body);
        expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    // Encoded dots are decoded once by the URL parser: `%2e%2e` arrives as `..` and is refused.
    const encoded = await node.api("GET", `${files("contents")}?path=%2e%2e/secret.txt`);
    expect(encoded.status).toBe(400);
    // Decoded once only: `%252e%252e` is the literal name "%2e%2e", which does not exist.
    const doubly = await node.api("GET", `${files("contents")}?path=%252e%252e/secret.txt`);
    expect(doubly.status).toBe(404);
    // An absolute path is the server's root: /etc/passwd is <root>/etc/passwd.
    const absolute = await node.api("GET", files(`contents?path=${q("/etc/passwd")}`));
    expect(absolute.status).toBe(404);
    expect((await rawPut("/etc/passwd", [Buffer.from("x")])).status).toBe(404);
    // Writes to absolute paths land inside the root.
    expect((await op("write", { path: "/etc/passwd", content: "inside" })).status).toBe(200);
    expect(await readFile(path.join(volume, "etc", "passwd"), "utf8")).toBe("inside");
    // The path in the URL itself cannot leave the server either.
    expect((await node.api("GET", `/api/servers/${SERVER_ID}/files/../../servers/x`)).status).toBe(404);
    await outsideUnchanged();
  });

  it("refuses a raw PUT over the quota, announced or streamed, leaving no file", async () => {
    // 64 MiB quota: a body announced larger is refused before it is read.
    const announced = await rawPut("/huge.bin", [Buffer.alloc(64 * 1024)], { "content-length": 65 * 1024 * 1024 });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body).error).toMatchObject({ code: "file", fileCode: "quota_exceeded" });

    // Nearly full (a sparse file counts at its apparent size): a chunked body is cut off when it passes the rest.
    await mkdir(path.join(volume, "data"));
    await writeFile(path.join(volume, "data", "filler.bin"), "");
    await truncate(path.join(volume, "data", "filler.bin"), 63 * 1024 * 1024);
    const chunk = Buffer.alloc(256 * 1024, 1);
    const streamed = await rawPut("/data/upload.bin", Array.from({ length: 8 }, () => chunk), { "transfer-encoding": "chunked" });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error.fileCode).toBe("quota_exceeded");
    expect(await readdir(path.join(volume, "data"))).toEqual(["filler.bin"]);

    // What fits still goes through.
    expect((await rawPut("/data/small.bin", [chunk], { "transfer-encoding": "chunked" })).status).toBe(204);
    const write = await op("write", { path: "/data/also.txt", content: "x".repeat(2 * 1024 * 1024) });
    expect(write.status).toBe(413);
    await outsideUnchanged();
  });
});
