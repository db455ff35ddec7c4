import type { Prisma } from "@/lib/generated/prisma/client";

/** What an email change's token carries until it is used (EmailToken.payload). */
export interface EmailChangePayload {
  userId: string;
  /** The address the user will sign in with, lower-cased. */
  newEmail: string;
}

/** The payload as stored, or null when it is not an email change's (such a link changes nothing). */
export function emailChangePayload(json: Prisma.JsonValue): EmailChangePayload | null {
  const o = json && typeof json === "object" && !Array.isArray(json) ? (json as Prisma.JsonObject) : {};
  return typeof o.userId === "string" && typeof o.newEmail === "string" && o.newEmail ? { userId: o.userId, newEmail: o.newEmail } : null;
}
