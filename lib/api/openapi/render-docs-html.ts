import type { JsonSchema } from "./build-openapi";
import { escapeHtml, renderPage } from "./html-page";
import { codeBlock, renderInline, renderMarkdown } from "./render-markdown";

export { htmlResponse } from "./html-page";

/** Escaped text with Markdown-style `code` spans. */
const prose = (s: string) => renderInline(s);

const json = (value: unknown) => codeBlock(JSON.stringify(value, null, 2), "json");
const schemaBlock = (schema: unknown) => `<details><summary>Schema</summary>${json(schema)}</details>`;

const EXTENSION_LABEL: Record<string, string> = { cooldown: "cool-down" };

/** An `x-…` field as words: strings and flags as they are, an object by its `description` (never "[object Object]"). */
function extensionText(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  const description = (value as { description?: unknown }).description;
  return typeof description === "string" ? description : JSON.stringify(value);
}

type Media = { schema?: unknown; example?: unknown };

/**
 * A form that sends this operation from the page (html-page.ts's script) with the key typed at the
 * top. Signed reseller requests need an HMAC over the body: those are left to the guide's examples.
 */
function tryIt(o: { method: string; path: string; op: Record<string, unknown> }, params: { name: string; in: string }[], body: Media | undefined): string {
  if (o.op["x-signed"] === true) return `<p class="try"><small>Signed: send it with the guide's signing examples.</small></p>`;
  const id = escapeHtml(String(o.op.operationId));
  const pathInputs = params
    .filter((p) => p.in === "path")
    .map((p) => `<label for="${id}-p-${escapeHtml(p.name)}">${escapeHtml(p.name)}</label><input id="${id}-p-${escapeHtml(p.name)}" data-param="${escapeHtml(p.name)}" autocomplete="off">`)
    .join("");
  const bodyInput = body
    ? `<label for="${id}-body">Body (JSON)</label><textarea id="${id}-body" data-body spellcheck="false">${escapeHtml(JSON.stringify(body.example ?? {}, null, 2))}</textarea>`
    : "";
  return `<details class="try" data-method="${escapeHtml(o.method)}" data-path="${escapeHtml(o.path)}"><summary>Try it</summary>${pathInputs}<label for="${id}-q">Query string</label><input id="${id}-q" data-query autocomplete="off" placeholder="page=1&amp;limit=20">${bodyInput}<button type="button" class="send">Send ${escapeHtml(
    o.method,
  )} request</button><div class="code"><button type="button" class="copy" aria-label="Copy answer">Copy</button><pre class="result" aria-live="polite">No request sent yet.</pre></div></details>`;
}
type Links = { openapi: string; guide: string; guideMarkdown: string };

function headerHtml(info: { title: string; version: string }, intro: string, links: string): string {
  return `<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>${intro}<p>${links}</p>`;
}

/**
 * The HTML reference of an API, rendered on the server from the same OpenAPI document
 * `/openapi.json` serves, with its examples: nothing fetched by the browser.
 */
export function renderDocsHtml(doc: JsonSchema, links: Links): string {
  const info = doc.info as { title: string; version: string; description?: string };
  const servers = (doc.servers as { url: string }[]) ?? [];
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
  const ops: { tag: string; method: string; path: string; op: Record<string, unknown> }[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({ tag: ((op.tags as string[]) ?? ["other"])[0]!, method: method.toUpperCase(), path, op });
    }
  }
  const tags = [...new Set(ops.map((o) => o.tag))];
  const anchor = (o: { op: Record<string, unknown> }) => escapeHtml(String(o.op.operationId));

  const nav = tags
    .map(
      (tag) =>
        `<h3>${escapeHtml(tag)}</h3>` +
        ops
          .filter((o) => o.tag === tag)
          .map((o) => `<a href="#${anchor(o)}"><span class="m ${o.method}">${o.method}</span>${escapeHtml(o.path)}</a>`)
          .join(""),
    )
    .join("");

  const sections = ops
    .map((o) => {
      const params = (o.op.parameters as { name: string; in: string; required: boolean; description?: string; schema: unknown }[]) ?? [];
      const ext = Object.entries(o.op)
        .filter(([k]) => k.startsWith("x-"))
        .map(([k, v]) => `<span class="tag">${escapeHtml(EXTENSION_LABEL[k.slice(2)] ?? k.slice(2))}: ${escapeHtml(extensionText(v))}</span>`)
        .join("");
      const paramTable = params.length
        ? `<h4>Parameters</h4><div class="table"><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${params
            .map(
              (p) =>
                `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(
                  JSON.stringify(p.schema),
                )}</code>${p.description ? `<br>${prose(p.description)}` : ""}</td></tr>`,
            )
            .join("")}</table></div>`
        : "";
      const body = (o.op.requestBody as { content: Record<string, Media> } | undefined)?.content["application/json"];
      const bodyHtml = body
        ? `<h4>Request body</h4>${body.example !== undefined ? `<p>Example:</p>${json(body.example)}` : ""}${schemaBlock(body.schema)}`
        : "";
      const responses = Object.entries(o.op.responses as Record<string, { description: string; content?: Record<string, Media> }>)
        .map(([status, r]) => {
          const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
          const schema = media?.schema as { $ref?: string } | undefined;
          const ok = status.startsWith("2");
          const example =
            media?.example === undefined
              ? ""
              : typeof media.example === "string"
                ? codeBlock(media.example)
                : ok
                  ? json(media.example)
                  : `<details><summary>Example</summary>${json(media.example)}</details>`;
          const shownSchema = ok && schema && !schema.$ref && type === "application/json" ? schemaBlock(schema) : "";
          return `<tr><td class="status"><code>${escapeHtml(status)}</code></td><td>${prose(r.description)}${
            type && type !== "application/json" ? ` (${escapeHtml(type)})` : ""
          }${example}${shownSchema}</td></tr>`;
        })
        .join("");
      return `<section class="op" id="${anchor(o)}"><h2><span class="m ${o.method}">${o.method}</span><code>${escapeHtml(o.path)}</code>${ext}</h2>
<p>${prose(String(o.op.summary ?? ""))}</p>${o.op.description ? `<p>${prose(String(o.op.description))}</p>` : ""}
${paramTable}${bodyHtml}<h4>Responses</h4><table class="responses">${responses}</table>${tryIt(o, params, body)}</section>`;
    })
    .join("\n");

  const description = (info.description ?? "")
    .split(/\n{2,}/)
    .map((p) => `<p>${prose(p)}</p>`)
    .join("");
  const linkLine = `Base URL: <code>${escapeHtml(servers[0]?.url ?? "")}</code> · <a href="${escapeHtml(links.guide)}">Usage guide</a> (<a href="${escapeHtml(
    links.guideMarkdown,
  )}">Markdown</a>) · <a href="${escapeHtml(links.openapi)}">OpenAPI document</a>`;
  const keyInput = `<div class="key"><label for="try-key">API key for Try it</label><input id="try-key" type="password" autocomplete="off" spellcheck="false" placeholder="Bearer token"><small>Kept in this page only: never stored, sent only to this API.</small></div>`;
  return renderPage({
    title: `${info.title} ${info.version}`,
    header: headerHtml(info, description, linkLine) + keyInput,
    nav,
    content: sections,
    apiBase: servers[0]?.url ?? "",
  });
}

/** A usage guide (Markdown) as an HTML page, with its sections as the navigation. */
export function renderGuideHtml(markdown: string, info: { title: string; version: string }, links: { docs: string; guideMarkdown: string; openapi: string }): string {
  const { html, sections } = renderMarkdown(markdown);
  const nav = `<h3>Guide</h3>${sections.map((s) => `<a href="#${s.id}">${renderInline(s.text)}</a>`).join("")}`;
  const linkLine = `<a href="${escapeHtml(links.docs)}">Reference</a> · <a href="${escapeHtml(links.guideMarkdown)}">This guide as Markdown</a> · <a href="${escapeHtml(
    links.openapi,
  )}">OpenAPI document</a>`;
  return renderPage({
    title: `${info.title} ${info.version} — usage guide`,
    header: headerHtml(info, "<p>Usage guide</p>", linkLine),
    nav,
    content: `<article>${html}</article>`,
  });
}

export function markdownResponse(markdown: string): Response {
  return new Response(markdown, {
    status: 200,
    headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "no-cache", "x-content-type-options": "nosniff" },
  });
}

export function openApiResponse(doc: JsonSchema): Response {
  return new Response(JSON.stringify(doc, null, 2), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" },
  });
}
