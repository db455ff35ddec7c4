/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, as HTTP says);
 * null when the header is absent or not of that form (several tokens, no token, other scheme).
 */
export function bearerToken(header: string | null): string | null {
  if (header === null) return null;
  const m = /^Bearer +(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}
