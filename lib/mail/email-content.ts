/**
 * What one email says, as structure: every template fills this in and `renderEmail` draws both the
 * HTML and the plain-text part from it, so the two always say the same and every message has a
 * plain-text part.
 */
export interface EmailContent {
  subject: string;
  /** First line of the body ("Hello Jane,"). */
  greeting?: string;
  paragraphs: string[];
  /** Label/value pairs shown as a small table (access details, amounts). */
  details?: [label: string, value: string][];
  /** The one thing to do, as a button (HTML) and a bare link (text). */
  action?: { label: string; url: string };
  /** Small print under the body: why this message came, how to stop optional ones. */
  footnote?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Both parts of a message from its content, under the supplier's name. */
export function renderEmail(content: EmailContent, brand: string): RenderedEmail {
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.details?.map(([label, value]) => `${label}: ${value}`).join("\n"),
    content.action ? `${content.action.label}: ${content.action.url}` : undefined,
    content.footnote ? `--\n${content.footnote}` : `--\n${brand}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join("\n\n");

  const p = (body: string) => `<p style="margin:0 0 16px;line-height:1.5">${body}</p>`;
  const html = [
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#171717">`,
    `<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e5e5e5;border-radius:8px;padding:24px">`,
    `<p style="margin:0 0 20px;font-weight:600">${escapeHtml(brand)}</p>`,
    content.greeting ? p(escapeHtml(content.greeting)) : "",
    ...content.paragraphs.map((para) => p(escapeHtml(para))),
    content.details?.length
      ? `<table style="border-collapse:collapse;margin:0 0 16px">${content.details
          .map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#525252">${escapeHtml(label)}</td><td style="padding:4px 0;font-family:ui-monospace,monospace">${escapeHtml(value)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    content.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#171717;color:#fff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(content.action.label)}</a></p>` +
        p(`<span style="font-size:13px;color:#525252">Or open this link: ${escapeHtml(content.action.url)}</span>`)
      : "",
    content.footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#737373">${escapeHtml(content.footnote)}</p>` : "",
    `</div></body></html>`,
  ].join("");

  return { subject: content.subject, text, html };
}
