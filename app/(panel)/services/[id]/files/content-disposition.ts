/**
 * `attachment` with the file's name: an ASCII fallback (anything else, quotes and backslashes
 * included, becomes `_`) and the exact name as RFC 5987 `filename*`, so no header can be broken out of.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, "_").replace(/^\.+/, "_") || "download";
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
