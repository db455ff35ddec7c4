import NextAuth, { CredentialsSignin, type User } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { checkPasswordSignIn } from "@/lib/auth/check-password-sign-in";
import { redeemLoginTicket } from "@/lib/auth/login-ticket";
import { ZSignInSchema } from "@/lib/auth/schemas";
import { claimImpersonation, endImpersonation, impersonationOf } from "@/lib/auth/impersonation/session-impersonation";
import { refreshSession } from "@/lib/auth/impersonation/refresh-session";
import { newSessionClaims, recordSignOut, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-token";
import { recordSessionStart, touchSession } from "@/lib/auth/sessions/user-sessions";
import { getDb } from "@/lib/db/client";
import { headers } from "next/headers";

/** The browser and address a sign-in came from, for the sessions list; nothing outside a request. */
async function requestDescription(): Promise<{ userAgent: string | null; ip: string | null }> {
  try {
    const h = await headers();
    return { userAgent: h.get("user-agent"), ip: clientIpFromTrustedHeader(h) };
  } catch {
    return { userAgent: null, ip: null };
  }
}

/** Error codes in /login?error=CredentialsSignin&code=… for direct posts to the callback. */
class SignInRefused extends CredentialsSignin {
  constructor(code: "invalid" | "throttled" | "busy" | "totp_required") {
    super();
    this.code = code;
  }
}

/**
 * Portal sign-in (Auth.js v5, JWT sessions). The login pages check every factor in server
 * actions and hand the Credentials provider a short-lived login ticket; a direct
 * email + password post works too, but only for users without a second factor.
 * The JWT carries the user id, sessionVersion and a session id and is re-checked against the
 * database on every use: bumping sessionVersion signs the user out everywhere, and a signed-out
 * session id stays refused even if an in-flight request re-sets its cookie.
 */
export const { handlers, auth, signIn, signOut, unstable_update: updateSession } = NextAuth({
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      credentials: { email: {}, password: {}, ticket: {} },
      async authorize(raw, request): Promise<User | null> {
        if (raw.ticket !== undefined) return redeemLoginTicket(raw.ticket, { db: getDb() });

        const parsed = ZSignInSchema.safeParse(raw);
        if (!parsed.success) throw new SignInRefused("invalid");
        const clientAddress = clientIpFromTrustedHeader(request.headers);
        const result = await checkPasswordSignIn({ db: getDb(), now: new Date() }, { ...parsed.data, clientAddress });
        if (result.status !== "ok") throw new SignInRefused(result.status);
        if (result.user.hasTotp) throw new SignInRefused("totp_required");
        const { hasTotp: _hasTotp, ...user } = result.user;

        return user;
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      const ctx = { db: getDb(), now: new Date() };
      if (user) {
        Object.assign(token, newSessionClaims(user as User & { id: string; sessionVersion: number }));
        await recordSessionStart(ctx.db, { ...(await requestDescription()), sid: token.sid as string, userId: token.uid as string, sessionVersion: token.sv as number, now: ctx.now });
      }
      // A session update may come from the browser too (POST /api/auth/session), so its data is only a
      // request: an impersonation is taken up only if this operator started it moments ago
      // (docs/operator-console.md#signing-in-as-a-customer).
      if (trigger === "update") {
        const data = (session ?? {}) as { impersonate?: unknown; endImpersonation?: unknown };
        if (data.endImpersonation === true) token = await endImpersonation(token, ctx);
        else if (data.impersonate !== undefined) token = await claimImpersonation(token, data.impersonate, ctx);
      }

      const refreshed = await refreshSession(token, ctx);
      // A customer view is the operator's, not a session of the customer's to list.
      if (refreshed && !impersonationOf(refreshed)) await touchSession(ctx.db, { sid: refreshed.sid as string, userId: refreshed.uid as string, sessionVersion: refreshed.sv as number, now: ctx.now });
      return refreshed;
    },
    session({ session, token }) {
      session.user.id = token.uid as string;
      (session as { impersonationId?: string | null }).impersonationId = impersonationOf(token)?.id ?? null;
      (session as { sessionId?: string | null }).sessionId = typeof token.sid === "string" ? token.sid : null;

      return session;
    },
  },
  events: {
    async signOut(message) {
      if (!("token" in message) || !message.token) return;
      await recordSignOut(message.token, { db: getDb() });
      // Signing out of a customer view ends it too (and records the end).
      if (impersonationOf(message.token)) await endImpersonation(message.token, { db: getDb(), now: new Date() });
    },
  },
  logger: {
    error(error) {
      // Refused sign-ins are expected traffic, not server errors.
      if ((error as { type?: string }).type === "CredentialsSignin") return;
      console.error(error);
    },
  },
});
