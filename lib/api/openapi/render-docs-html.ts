import type { JsonSchema } from "./build-openapi";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Escaped text with Markdown-style `code` spans. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, "<code>$1</code>");

const pre = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f7f8fa}
header{background:#1d2330;color:#fff;padding:24px 32px}header a{color:#9cc3ff}
main{display:grid;grid-template-columns:260px minmax(0,1fr);gap:24px;padding:24px 32px;max-width:1400px}
nav{position:sticky;top:16px;align-self:start;font-size:13px;max-height:90vh;overflow:auto}
nav h3{margin:16px 0 4px;font-size:12px;text-transform:uppercase;color:#667}nav a{display:block;color:#1d2330;text-decoration:none;padding:2px 0}
section.op{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:16px 20px;margin-bottom:16px}
.m{display:inline-block;min-width:64px;text-align:center;font-weight:600;font-size:12px;border-radius:4px;padding:2px 6px;color:#fff;margin-right:8px}
.GET{background:#2f7d32}.POST{background:#1565c0}.PUT{background:#8e5a00}.PATCH{background:#6a1b9a}.DELETE{background:#b71c1c}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}pre{background:#f1f3f6;padding:10px;border-radius:4px;overflow:auto;max-height:420px}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-bottom:1px solid #eee;text-align:left;padding:4px 8px;vertical-align:top}
.tag{font-size:12px;background:#eef1f6;border-radius:3px;padding:1px 6px;margin-left:6px}
`;

/**
 * The HTML reference of an API, rendered on the server from the same OpenAPI document
 * `/openapi.json` serves: no script, no CDN, nothing fetched by the browser.
 */
export function renderDocsHtml(doc: JsonSchema, links: { openapi: string; guide: string }): string {
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
        .map(([k, v]) => `<span class="tag">${escapeHtml(k.slice(2))}: ${escapeHtml(String(v))}</span>`)
        .join("");
      const paramTable = params.length
        ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${params
            .map(
              (p) =>
                `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(
                  JSON.stringify(p.schema),
                )}</code>${p.description ? `<br>${escapeHtml(p.description)}` : ""}</td></tr>`,
            )
            .join("")}</table>`
        : "";
      const body = o.op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
      const bodyHtml = body ? `<h4>Request body</h4>${pre(body.content["application/json"]?.schema)}` : "";
      const responses = Object.entries(o.op.responses as Record<string, { description: string; content?: Record<string, { schema: unknown }> }>)
        .map(([status, r]) => {
          const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
          const schema = media?.schema as { $ref?: string } | undefined;
          const shown = schema && !schema.$ref && type === "application/json" && status.startsWith("2") ? pre(schema) : "";
          return `<tr><td><code>${status}</code></td><td>${escapeHtml(r.description)}${type && type !== "application/json" ? ` (${escapeHtml(type)})` : ""}${shown}</td></tr>`;
        })
        .join("");
      return `<section class="op" id="${anchor(o)}"><h2><span class="m ${o.method}">${o.method}</span><code>${escapeHtml(o.path)}</code>${ext}</h2>
<p>${prose(String(o.op.summary ?? ""))}</p>${o.op.description ? `<p>${prose(String(o.op.description))}</p>` : ""}
${paramTable}${bodyHtml}<h4>Responses</h4><table>${responses}</table></section>`;
    })
    .join("\n");

  const description = (info.description ?? "")
    .split(/\n{2,}/)
    .map((p) => `<p>${prose(p)}</p>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>${description}
<p>Base URL: <code>${escapeHtml(servers[0]?.url ?? "")}</code> · <a href="${escapeHtml(links.guide)}">Usage guide (Markdown)</a> · <a href="${escapeHtml(
    links.openapi,
  )}">OpenAPI document</a></p></header>
<main><nav>${nav}</nav><div>${sections}</div></main></body></html>`;
}

export function htmlResponse(html: string): Response {
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    },
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
