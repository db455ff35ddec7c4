import { createHash } from "node:crypto";

// The page shell of the APIs' HTML docs (/docs and /guide): one stylesheet and one small inline
// script, allowed by its hash in the page's own Content-Security-Policy. Nothing is fetched from
// anywhere; API responses do not get the portal's nonce policy (lib/security-headers.ts).

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The Copy buttons of code blocks (the clipboard API where the page is a secure context, else a
 * selection and execCommand), and the reference's "Try it" forms: a request to this API from this
 * page, with the key the reader typed, which stays in the input (never stored, never sent elsewhere).
 */
export const PAGE_SCRIPT = String.raw`document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("button.copy") : null;
  if (!button) return;
  var pre = button.parentElement.querySelector("pre");
  var text = pre ? pre.textContent : "";
  function show(label) {
    button.textContent = label;
    setTimeout(function () { button.textContent = "Copy"; }, 2000);
  }
  function bySelection() {
    var range = document.createRange();
    range.selectNodeContents(pre);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(function () { show("Copied"); }, function () { show(bySelection() ? "Copied" : "Press Ctrl+C"); });
  } else {
    show(bySelection() ? "Copied" : "Press Ctrl+C");
  }
});
document.addEventListener("click", function (event) {
  var send = event.target instanceof Element ? event.target.closest("button.send") : null;
  if (!send) return;
  var box = send.closest(".try");
  var out = box.querySelector("pre.result");
  var missing = [];
  var path = box.dataset.path.replace(/\{(\w+)\}/g, function (_, name) {
    var value = box.querySelector("[data-param=" + name + "]").value.trim();
    if (!value) missing.push(name);
    return encodeURIComponent(value);
  });
  if (missing.length) { out.textContent = "Fill in " + missing.join(", ") + " first."; return; }
  var query = box.querySelector("[data-query]").value.trim().replace(/^\?/, "");
  var base = new URL(document.body.dataset.base, location.href).pathname.replace(/\/$/, "");
  var headers = {};
  var key = document.getElementById("try-key").value.trim();
  if (key) headers.Authorization = "Bearer " + key;
  var init = { method: box.dataset.method, headers: headers, credentials: "omit", cache: "no-store" };
  var body = box.querySelector("[data-body]");
  if (body) { headers["Content-Type"] = "application/json"; init.body = body.value; }
  out.textContent = "Sending…";
  send.disabled = true;
  fetch(base + path + (query ? "?" + query : ""), init).then(function (response) {
    return response.text().then(function (text) {
      var shown = text;
      try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (e) {}
      out.textContent = response.status + " " + response.statusText + "\n\n" + shown;
    });
  }, function (error) {
    out.textContent = "The request did not complete: " + error.message;
  }).then(function () { send.disabled = false; });
});`;

export const PAGE_SCRIPT_HASH = `sha256-${createHash("sha256").update(PAGE_SCRIPT).digest("base64")}`;

/** No source but this page's own script (by hash) and inline styles; fetches to this origin only (Try it); no forms, frames or base changes. */
export const DOCS_CONTENT_SECURITY_POLICY = `default-src 'none'; script-src '${PAGE_SCRIPT_HASH}'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const STYLE = `
*{box-sizing:border-box}
body{font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f7f8fa}
header{background:#1d2330;color:#fff;padding:20px 32px}header a{color:#9cc3ff}header h1{margin:0 0 8px;font-size:24px}header p{margin:6px 0;max-width:900px}
main{display:grid;grid-template-columns:260px minmax(0,1fr);gap:24px;padding:24px 32px;max-width:1400px}
nav{position:sticky;top:16px;align-self:start;font-size:13px;max-height:92vh;overflow:auto}
nav h3{margin:16px 0 4px;font-size:12px;text-transform:uppercase;color:#667}nav a{display:block;color:#1d2330;text-decoration:none;padding:2px 0;overflow-wrap:anywhere}
nav a:hover{text-decoration:underline}
section.op,article{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:16px 20px;margin-bottom:16px;min-width:0}
section.op h2{font-size:17px;margin:0 0 8px;overflow-wrap:anywhere}section.op h4{margin:14px 0 6px}
.m{display:inline-block;min-width:64px;text-align:center;font-weight:600;font-size:12px;border-radius:4px;padding:2px 6px;color:#fff;margin-right:8px}
.GET{background:#2f7d32}.POST{background:#1565c0}.PUT{background:#8e5a00}.PATCH{background:#6a1b9a}.DELETE{background:#b71c1c}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
p code,li code,td code{background:#eef1f6;padding:1px 4px;border-radius:3px;overflow-wrap:anywhere}
pre code{background:none;padding:0;border-radius:0;overflow-wrap:normal}
header code,header p code{background:#2c3444;color:#e8ecf3;padding:1px 4px;border-radius:3px;overflow-wrap:anywhere}
.key{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;margin-top:10px;font-size:14px}
.key input{font:13px ui-monospace,monospace;padding:4px 6px;border-radius:4px;border:1px solid #556;width:min(100%,420px)}
.try{border-top:1px dashed #dde1e8;margin-top:12px;padding-top:6px}.try label{display:block;font-size:13px;margin:8px 0 2px;color:#445}
.try input,.try textarea{width:100%;font:13px ui-monospace,monospace;padding:6px;border:1px solid #c9ced8;border-radius:4px}
.try textarea{min-height:120px}
.send{margin:10px 0 4px;font:13px system-ui,sans-serif;padding:5px 14px;border-radius:4px;border:1px solid #1565c0;background:#1565c0;color:#fff;cursor:pointer}
.send:disabled{opacity:.6}
.code{position:relative;margin:8px 0}
pre{background:#f1f3f6;padding:10px;border-radius:4px;overflow:auto;max-height:480px;margin:0;max-width:100%}
.copy{position:absolute;top:6px;right:6px;font:12px system-ui,sans-serif;padding:2px 8px;border:1px solid #c9ced8;border-radius:4px;background:#fff;color:#1d2330;cursor:pointer}
.copy:hover{background:#eef1f6}.copy:focus-visible{outline:2px solid #1565c0;outline-offset:1px}
.code pre{padding-right:64px}
.table{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:13px}table.responses{table-layout:fixed}td.status{white-space:nowrap;width:52px}td,th{border-bottom:1px solid #eee;text-align:left;padding:4px 8px;vertical-align:top}
.tag{display:inline-block;font-size:12px;font-weight:normal;background:#eef1f6;border-radius:3px;padding:1px 6px;margin:2px 0 2px 6px}
details{margin:4px 0}summary{cursor:pointer;color:#445;font-size:13px}
article h2{border-top:1px solid #eee;padding-top:16px;margin-top:28px}article h1{margin-top:0}
@media (max-width:800px){
header{padding:16px}main{display:block;padding:12px}
nav{position:static;max-height:40vh;background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:4px 12px;margin-bottom:16px}
section.op,article{padding:12px}
.m{min-width:0}
}
`;

export interface PageParts {
  title: string;
  /** Inner HTML of the header (already escaped). */
  header: string;
  /** Inner HTML of the navigation (already escaped). */
  nav: string;
  /** The page's content (already escaped). */
  content: string;
  /** Where this API is (the OpenAPI server URL): the Try it forms send their requests under its path. */
  apiBase?: string;
}

export function renderPage(parts: PageParts): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(parts.title)}</title><style>${STYLE}</style></head>
<body${parts.apiBase !== undefined ? ` data-base="${escapeHtml(parts.apiBase)}"` : ""}><header>${parts.header}</header>
<main><nav aria-label="Contents">${parts.nav}</nav><div>${parts.content}</div></main>
<script>${PAGE_SCRIPT}</script></body></html>`;
}

export function htmlResponse(html: string): Response {
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": DOCS_CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
    },
  });
}
