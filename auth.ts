import NextAuth, { CredentialsSignin, type User } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { checkPasswordSignIn } from "@/lib/auth/check-password-sign-in";
import { redeemLoginTicket } from "@/lib/auth/login-ticket";
import { ZSignInSchema } from "@/lib/auth/schemas";
import { newSessionClaims, recordSignOut, refreshSessionToken, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-token";
import { getDb } from "@/lib/db/client";

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
export const { handlers, auth, signIn, signOut } = NextAuth({
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
    async jwt({ token, user }) {
      if (user) Object.assign(token, newSessionClaims(user as User & { id: string; sessionVersion: number }));

      return refreshSessionToken(token, { db: getDb() });
    },
    session({ session, token }) {
      session.user.id = token.uid as string;

      return session;
    },
  },
  events: {
    async signOut(message) {
      if ("token" in message && message.token) await recordSignOut(message.token, { db: getDb() });
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
