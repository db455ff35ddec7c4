import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { customerApi, dispatchCustomerApi } from "../customer/dispatch";
import { customerRoutes } from "../customer/routes";
import { GUIDE_EXAMPLE, GUIDE_V2_EXAMPLE } from "../reseller/guide";
import { dispatchResellerApi, resellerApi } from "../reseller/dispatch";
import { resellerRoutes } from "../reseller/routes";
import { signResellerRequestV2, verifyResellerSignature } from "../reseller/signature";
import { setListeningPort } from "../public-base-url";
import { resellerWithKey } from "../testing/api-test-kit";

const run = promisify(execFile);
const hasPython = (() => {
  try {
    return execFileSync("python3", ["--version"], { stdio: "ignore" }) !== undefined;
  } catch {
    return false;
  }
})();
let t: TestDb;
let server: http.Server;
let origin: string;

type Doc = { openapi: string; info: Record<string, unknown>; servers: { url: string }[]; paths: Record<string, Record<string, Record<string, unknown>>> };

beforeAll(async () => {
  t = await createTestDb();
  // A loopback HTTP server in front of the two dispatchers, so the guide's curl and Node examples
  // run for real (the same bridge a server fast path would be).
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const method = req.method ?? "GET";
    const request = new Request(`${origin}${req.url}`, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks) });
    const dispatch = req.url?.startsWith("/v1/reseller") ? dispatchResellerApi : dispatchCustomerApi;
    const response = await dispatch(request, { db: t.db });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As server/main.ts does: loopback on the listening port is a trusted host (docs/decisions.md#r10).
  setListeningPort((server.address() as AddressInfo).port);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

async function fetchDoc(path: string): Promise<Doc> {
  const response = await fetch(`${origin}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as Doc;
}

function codeBlocks(markdown: string): { lang: string; code: string }[] {
  return [...markdown.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

describe("/v1/openapi.json", () => {
  it("is OpenAPI 3.1, version 1.0.0 marked beta, with every declared endpoint generated from its declaration", async () => {
    const doc = await fetchDoc("/v1/openapi.json");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: customerApi.title, version: "1.0.0", "x-status": "beta" });
    expect(doc.servers[0]!.url).toBe(`${origin}/v1`);
    for (const e of customerRoutes) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.operationId).toBe(e.operationId);
      expect(op!.security).toEqual(e.scope === null ? [] : [{ apiKey: [] }]);
      if (e.scope) expect(op!["x-scope"]).toBe(e.scope);
    }
    const balance = doc.paths["/account/balance"]!.get!.responses as Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }>;
    expect(balance["200"]!.content["application/json"]!.schema.properties.data).toMatchObject({
      type: "object",
      properties: { balance: { type: "string" }, currency: { type: "string" } },
    });
  });
});

describe("/v1/reseller/openapi.json", () => {
  it("declares version 1 and documents the signature headers on every signed operation", async () => {
    const doc = await fetchDoc("/v1/reseller/openapi.json");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: resellerApi.title, version: "1" });
    for (const e of resellerRoutes) {
      const op = doc.paths[e.path]![e.method.toLowerCase()]!;
      expect(op["x-signed"], `${e.method} ${e.path}`).toBe(e.signed);
      const names = ((op.parameters as { name: string; in: string; required: boolean }[]) ?? []).map((p) => `${p.in}:${p.name}:${p.required}`);
      if (e.signed) expect(names).toEqual(expect.arrayContaining(["header:X-Reseller-Signature:true", "header:X-Reseller-Timestamp:false"]));
      for (const p of e.paramNames) expect(names).toContain(`path:${p}:true`);
    }
    const list = doc.paths["/customers"]!.get!.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(list.find((p) => p.name === "limit")!.schema).toMatchObject({ maximum: 100, default: 20 });
    const put = doc.paths["/customers/{customerId}"]!.put!.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(put.find((p) => p.name === "customerId")!.schema).toMatchObject({ type: "string", format: "uuid" });
  });
});

describe("examples in both OpenAPI documents", () => {
  type Media = { schema?: unknown; example?: unknown };
  type Operation = { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

  it.each([
    ["/v1/openapi.json", customerRoutes],
    ["/v1/reseller/openapi.json", resellerRoutes],
  ] as const)("%s: every operation has a success, error and (with a body) request example, and each one parses with the endpoint's own schema", async (path, routes) => {
    const doc = await fetchDoc(path);
    // Every miss at once: one list to read rather than the first failure only.
    const misses: string[] = [];
    const issues = (schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) =>
      (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
    for (const e of routes) {
      const where = `${e.method} ${e.path}`;
      const op = doc.paths[e.path]![e.method.toLowerCase()] as unknown as Operation;
      const success = Object.values(op.responses[String(e.status)]!.content!)[0]!;
      if (success.example === undefined) misses.push(`${where}: no answer example`);
      else if (!e.produces) {
        const { success: ok, data } = success.example as { success: unknown; data: unknown };
        if (ok !== true) misses.push(`${where}: the answer example is not a success`);
        if (e.response) for (const i of issues(e.response, data)) misses.push(`${where} answer example ${i}`);
      }
      if (e.body) {
        const example = op.requestBody?.content["application/json"]?.example;
        if (example === undefined) misses.push(`${where}: no request example`);
        else for (const i of issues(e.body, example)) misses.push(`${where} request example ${i}`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith("2") && response.content?.["application/json"]?.example === undefined) misses.push(`${where}: no ${status} example`);
      }
    }
    expect(misses).toEqual([]);
  });

  it("error examples are what the envelopes send: a body the endpoint refuses, the key's scope, a cool-down in words", async () => {
    const customer = await fetchDoc("/v1/openapi.json");
    const errors = (p: string, m: string) => (customer.paths[p]![m]!.responses as Record<string, { content: Record<string, Media> }>);
    const example = (p: string, m: string, status: string) => errors(p, m)[status]!.content["application/json"]!.example;
    expect(example("/projects", "post", "400")).toMatchObject({ success: false, code: "BAD_REQUEST", details: [expect.objectContaining({ field: "name" })] });
    expect(example("/projects", "post", "403")).toEqual({
      success: false,
      error: "API key is missing the required scope: services",
      code: "SCOPE_REQUIRED",
      scope: "services",
    });
    const power = customerRoutes.find((e) => e.cooldown?.bucket === "power")!;
    expect(example(power.path, power.method.toLowerCase(), "429")).toMatchObject({
      code: "ACTION_RATE_LIMITED",
      error: expect.stringContaining("10 per minute"),
      retry_after_seconds: 42,
    });
    expect(customer.paths[power.path]![power.method.toLowerCase()]!["x-cooldown"]).toMatchObject({ bucket: "power", description: "10 per minute per user and resource" });
    const reseller = await fetchDoc("/v1/reseller/openapi.json");
    const create = reseller.paths["/customers"]!.post!.responses as Record<string, { content: Record<string, Media> }>;
    expect(create["400"]!.content["application/json"]!.example).toMatchObject({ success: false, error: { message: "Validation failed", details: [expect.anything()] } });
    expect(create["401"]!.content["application/json"]!.example).toEqual({ success: false, error: "Invalid API key" });
  });
});

/** The page's one inline script, which its own CSP must allow by hash and nothing else. */
function expectOnlyTheHashedScript(html: string, csp: string | null) {
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  expect(scripts[0]![1]).toBe("");
  const hash = createHash("sha256").update(scripts[0]![2]!).digest("base64");
  expect(csp).toContain(`script-src 'sha256-${hash}'`);
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toMatch(/unsafe-inline'[^;]*script|script-src[^;]*(unsafe|\*|https?:)/);
  expect(html).not.toMatch(/<link|src=|@import|cdn|https?:\/\/(?!127\.0\.0\.1)[^"<\s]*\.js/i);
}

describe("/docs", () => {
  it.each(["/v1/docs", "/v1/reseller/docs"])("%s renders the reference locally: every path, its examples, one hashed script, nothing external", async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expectOnlyTheHashedScript(html, response.headers.get("content-security-policy"));
    const routes = path.includes("reseller") ? resellerRoutes : customerRoutes;
    for (const e of routes) expect(html).toContain(`<code>${e.path}</code>`);
    expect(html).not.toContain("[object Object]");
    // every operation shows its success example, with a Copy button on each code block
    const sections = html.split('<section class="op"').slice(1);
    expect(sections).toHaveLength(routes.length);
    for (const section of sections) expect(section).toMatch(/<td class="status"><code>2\d\d<\/code><\/td><td>[^<]*(\([^)]*\))?<div class="code"><button type="button" class="copy"/);
    expect(html.match(/<button type="button" class="copy"/g)!.length).toBe(html.match(/<pre[ >]/g)!.length);
    // a Try it form on every operation but the signed ones, sending to this origin only
    expect(html.match(/<details class="try"/g)).toHaveLength(routes.filter((e) => !e.signed).length);
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
    expect(html).toContain(`<body data-base="${origin}${path.replace(/\/docs$/, "")}">`);
  });

  it("/v1/docs writes each cool-down in words", async () => {
    const html = await (await fetch(`${origin}/v1/docs`)).text();
    const power = customerRoutes.find((e) => e.cooldown?.bucket === "power" && e.cooldown.resourceParam)!;
    const section = html.slice(html.indexOf(`id="${power.operationId}"`));
    expect(section.slice(0, section.indexOf("</h2>"))).toContain('<span class="tag">cool-down: 10 per minute per user and resource</span>');
    expect(html.match(/cool-down: /g)).toHaveLength(customerRoutes.filter((e) => e.cooldown).length);
  });
});

describe("/guide", () => {
  it.each([
    ["/v1/guide", "/v1/guide.md"],
    ["/v1/reseller/guide", "/v1/reseller/guide.md"],
  ])("%s is the Markdown guide as HTML: its sections, tables and code blocks, each with a Copy button", async (path, markdownPath) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expectOnlyTheHashedScript(html, response.headers.get("content-security-policy"));
    const md = await (await fetch(`${origin}${markdownPath}`)).text();
    const blocks = codeBlocks(md);
    expect(html.match(/<div class="code"><button type="button" class="copy"/g)).toHaveLength(blocks.length);
    // a code block's text arrives whole (escaped)
    const longest = blocks.reduce((a, b) => (b.code.length > a.code.length ? b : a));
    const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
    const shown = [...html.matchAll(/<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((m) => unescape(m[1]!));
    expect(shown).toContain(longest.code.replace(/\n$/, ""));
    expect(html).toContain('<h2 id="authentication">Authentication</h2>');
    expect(html.match(/<table>/g)!.length).toBe(md.match(/^\s*\|[-| :]+\|\s*$/gm)!.length);
    expect(html).toContain(`<a href="#authentication">Authentication</a>`);
    expect(html).not.toContain("[object Object]");
    expect(html).not.toMatch(/(^|[^`])\*\*[A-Za-z]/m);
  });

  it("the reseller guide's signature v2 section keeps the anchor the API keys page links to", async () => {
    const html = await (await fetch(`${origin}/v1/reseller/guide`)).text();
    expect(html).toContain('<a id="signature-v2"></a>\n<h2 id="signature-v2">Signature v2</h2>');
  });
});

describe("/guide.md", () => {
  it("the customer guide covers authentication, errors, pagination, limits, idempotency, webhooks and the decisions", async () => {
    const response = await fetch(`${origin}/v1/guide.md`);
    expect(response.headers.get("content-type")).toContain("text/markdown");
    const md = await response.text();
    for (const heading of ["## Authentication", "## Answers and errors", "## Pagination", "## Limits", "## Idempotency", "## Webhooks"]) {
      expect(md).toContain(heading);
    }
    expect(md).toContain(`${origin}/v1`);
    expect(md).toContain('"version": "1"');
    expect(md).toContain("SCOPE_REQUIRED");
    expect(md).toContain("auto-");
  });

  describe("the reseller guide's signing examples really verify", () => {
    let md: string;
    let r: Awaited<ReturnType<typeof resellerWithKey>>;
    const base = () => `${origin}/v1/reseller`;

    beforeAll(async () => {
      r = await resellerWithKey(t.db);
      md = await (await fetch(`${base()}/guide.md`)).text();
    });

    it("states the worked example's signature, and the server accepts it at that time", () => {
      const stated = new RegExp(`X-Reseller-Signature: (hmac-sha256=[0-9a-f]{64})`).exec(md)?.[1];
      expect(stated).toBeDefined();
      expect(
        verifyResellerSignature({
          signatureHeader: stated!,
          timestampHeader: GUIDE_EXAMPLE.timestamp,
          rawBody: new Uint8Array(Buffer.from(GUIDE_EXAMPLE.body)),
          signingSecret: GUIDE_EXAMPLE.secret,
          now: new Date(Number(GUIDE_EXAMPLE.timestamp) * 1000),
        }),
      ).toBeNull();
      const empty = /over an empty body[^`]*`[^`]*`\) give\s+`(hmac-sha256=[0-9a-f]{64})`/.exec(md)?.[1];
      expect(
        verifyResellerSignature({
          signatureHeader: empty!,
          timestampHeader: GUIDE_EXAMPLE.timestamp,
          rawBody: new Uint8Array(0),
          signingSecret: GUIDE_EXAMPLE.secret,
          now: new Date(Number(GUIDE_EXAMPLE.timestamp) * 1000),
        }),
      ).toBeNull();
    });

    it("the OpenSSL check prints the same digest", async () => {
      const check = codeBlocks(md).find((b) => b.lang === "sh" && b.code.startsWith("printf '%s' '"))!;
      const { stdout } = await run("bash", ["-c", check.code]);
      const stated = /X-Reseller-Signature: hmac-sha256=([0-9a-f]{64})/.exec(md)![1]!;
      expect(stdout.trim().split(" ").pop()).toBe(stated);
    });

    it("the curl example creates a customer against the running API", async () => {
      const block = codeBlocks(md).find((b) => b.lang === "sh" && b.code.includes("curl -sS"))!;
      const script = block.code
        .replace("API_KEY='rsk_your_key_here'", `API_KEY='${r.plaintext}'`)
        .replace("SIGNING_SECRET='your 64-character signing secret'", `SIGNING_SECRET='${r.secret}'`);
      expect(script).toContain(r.plaintext);
      expect(script).toContain(r.secret);
      expect(script).toContain(`RESELLER_URL='${base()}'`);
      const { stdout } = await run("bash", ["-c", script]);
      expect(JSON.parse(stdout)).toMatchObject({ success: true, data: { external_customer_id: "cust-1001", reseller_id: r.profile.id } });
    });

    it("the Node example signs and sends a request the API accepts", async () => {
      const block = codeBlocks(md).find((b) => b.lang === "js" && b.code.includes("async function call"))!;
      const code = block.code
        .replace('const API_KEY = "rsk_your_key_here";', `const API_KEY = "${r.plaintext}";`)
        .replace('const SIGNING_SECRET = "your 64-character signing secret";', `const SIGNING_SECRET = "${r.secret}";`);
      expect(code).toContain(r.plaintext);
      expect(code).toContain(r.secret);
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", code]);
      expect(JSON.parse(stdout)).toMatchObject({ status: 200, body: { success: true, data: { external_customer_id: "cust-1001" } } });
    });

    describe("signature v2 (docs/decisions.md#r16)", () => {
      const v2Section = () => md.slice(md.indexOf("## Signature v2"), md.indexOf("## Requests"));
      const withCredentials = (code: string, quote: string) =>
        code
          .replace(`API_KEY = ${quote}rsk_your_key_here${quote}`, `API_KEY = ${quote}${r.plaintext}${quote}`)
          .replace(`SIGNING_SECRET = ${quote}your 64-character signing secret${quote}`, `SIGNING_SECRET = ${quote}${r.secret}${quote}`);

      it("states both test vectors, and the OpenSSL line prints vector 1's digest", async () => {
        const e = GUIDE_V2_EXAMPLE;
        const one = signResellerRequestV2({ signingSecret: e.secret, method: e.method, target: e.target, timestamp: e.timestamp, body: e.body });
        const two = signResellerRequestV2({ signingSecret: e.secret, method: e.emptyMethod, target: e.emptyTarget, timestamp: e.timestamp, body: "" });
        // the same digests signature-v2.test.ts holds as literals
        expect([one, two]).toEqual([
          "v2=8fe0c08d40cf500035af5b997187522cec2a5c48df49611eba9d3122bc984b5c",
          "v2=f28006b5e8ce6c3cf57ba8f8661132e401840825d4527983bade09ac92cfb660",
        ]);
        expect(v2Section()).toContain(`X-Reseller-Signature: ${one}`);
        expect(v2Section()).toContain(`X-Reseller-Signature: ${two}`);
        const check = codeBlocks(v2Section()).find((b) => b.lang === "sh" && b.code.startsWith("BODY_HASH="))!;
        const { stdout } = await run("bash", ["-c", check.code]);
        expect(`v2=${stdout.trim().split(" ").pop()}`).toBe(one);
      });

      it("the curl and OpenSSL example creates a customer, and the same request sent again is refused as a replay", async () => {
        const block = codeBlocks(v2Section()).find((b) => b.lang === "sh" && b.code.includes("curl -sS"))!;
        const script = block.code
          .replace("API_KEY='rsk_your_key_here'", `API_KEY='${r.plaintext}'`)
          .replace("SIGNING_SECRET='your 64-character signing secret'", `SIGNING_SECRET='${r.secret}'`)
          // the same request twice, so the second use of one signature is seen through a real client
          .replace(/curl -sS[\s\S]*$/, (c) => `${c.trimEnd()}\necho\n${c.trimEnd()}\n`);
        expect(script).toContain(`RESELLER_URL='${base()}'`);
        const { stdout } = await run("bash", ["-c", script]);
        const [first, second] = stdout.trim().split("\n").map((line) => JSON.parse(line) as unknown);
        expect(first).toMatchObject({ success: true, data: { external_customer_id: "cust-2002", reseller_id: r.profile.id } });
        expect(second).toEqual({ success: false, error: "This signature has already been used: sign every request afresh with a new X-Reseller-Timestamp" });
      });

      it("the Node example signs v2 and the API accepts it", async () => {
        const block = codeBlocks(v2Section()).find((b) => b.lang === "js" && b.code.includes("async function sendV2"))!;
        const code = withCredentials(block.code, '"');
        expect(code).toContain(r.plaintext);
        const { stdout } = await run(process.execPath, ["--input-type=module", "-e", code]);
        expect(JSON.parse(stdout)).toMatchObject({ status: 200, body: { success: true, data: { external_customer_id: "cust-2003" } } });
      });

      it.runIf(hasPython)("the Python example signs v2 and the API accepts it", async () => {
        const block = codeBlocks(v2Section()).find((b) => b.lang === "python")!;
        const code = withCredentials(block.code, '"');
        expect(code).toContain(r.plaintext);
        const { stdout } = await run("python3", ["-c", code]);
        expect(JSON.parse(stdout)).toMatchObject({ status: 200, body: { success: true, data: { external_customer_id: "cust-2004" } } });
      });
    });

    it("the webhook verification example accepts a correct signature and refuses a wrong one", async () => {
      const block = codeBlocks(md).find((b) => b.lang === "js" && b.code.includes("function verifyWebhook"))!;
      const code = `${block.code}
const body = '{"event":"webhook.test","timestamp":"2026-01-01T00:00:00Z","data":{}}';
const good = "hmac-sha256=" + createHmac("sha256", ${JSON.stringify(GUIDE_EXAMPLE.secret)}).update(body).digest("hex");
console.log(JSON.stringify([verifyWebhook(body, good, ${JSON.stringify(GUIDE_EXAMPLE.secret)}), verifyWebhook(body + " ", good, ${JSON.stringify(GUIDE_EXAMPLE.secret)})]));`;
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", code]);
      expect(JSON.parse(stdout)).toEqual([true, false]);
    });
  });
});
