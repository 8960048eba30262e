import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { isOrganiserRole, ORGANISER_ROLE } from "~/features/auth/roles";
import { saveOrganiserPhone } from "~/features/client/organiser-account.server";
import { ourWords, readByAuthor, sentence } from "~/features/messaging/contact-boundary";
import { createNewMusicianProfile } from "~/features/profiles/new-profile.server";
import { db, schema } from "./db.server";
import { adminEmails, env, publicOrigin } from "./env.server";
import { logger } from "./logger.server";
import { sendMail } from "./mail/mailer.server";
import { hitRateLimit, rateLimitCount } from "./rate-limit.server";

export const SIGN_IN_FAILURES_PER_MINUTE = 5;
export const TOO_MANY_SIGN_INS =
  "Too many failed sign-in attempts for this account. Please wait a minute and try again.";

const failureKey = (email: string) => `sign-in-failure:${email.trim().toLowerCase()}`;

function createAuth() {
  return betterAuth({
    baseURL: publicOrigin(),
    basePath: "/api/auth",
    logger: {
      log: (level, message) => logger[level]({ betterAuth: true }, message),
    },
    secret: env().BETTER_AUTH_SECRET ?? process.env.BETTER_AUTH_SECRET,
    trustedOrigins: [publicOrigin()],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: ourWords("Reset your Stagebook password"),
          text: sentence`Hello ${readByAuthor(user.name)},\n\nSomeone asked to reset the password of your Stagebook account. Open this link within an hour to choose a new one:\n\n${ourWords(url)}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n\nStagebook`,
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 200,
      // Per address. Per account, failed sign-ins are counted by the hooks below.
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 30 },
        "/request-password-reset": { window: 60, max: 10 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      useSecureCookies: publicOrigin().startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [admin({ defaultRole: "musician", adminRoles: ["admin"] })],
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            // Only two roles can be chosen at sign-up; anything else is a musician.
            const chosen = (ctx?.body as { accountType?: unknown } | undefined)?.accountType;
            const base = chosen === ORGANISER_ROLE ? ORGANISER_ROLE : "musician";
            const role = adminEmails().includes(user.email.toLowerCase()) ? "admin" : base;
            return { data: { ...user, role } };
          },
          // A musician gets a profile with a live website address made from the name; an organiser none.
          after: async (user, ctx) => {
            const u = user as typeof user & { firstName: string; lastName: string; role?: string };
            const phone = (ctx?.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
            // An organiser's phone is kept on the account (it pre-fills their booking requests).
            if (isOrganiserRole(u.role)) return saveOrganiserPhone(u.id, phone);
            await createNewMusicianProfile({
              userId: u.id,
              firstName: u.firstName,
              lastName: u.lastName,
              phoneNumber: typeof phone === "string" ? phone : null,
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "");
        if (email && (await rateLimitCount(failureKey(email), 60_000)) >= SIGN_IN_FAILURES_PER_MINUTE) {
          throw new APIError("TOO_MANY_REQUESTS", { message: TOO_MANY_SIGN_INS });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        if (ctx.context.returned instanceof APIError) {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "");
          if (email) await hitRateLimit(failureKey(email), Number.MAX_SAFE_INTEGER, 60_000);
        }
      }),
    },
  });
}

let instance: ReturnType<typeof createAuth> | undefined;
export function auth(): ReturnType<typeof createAuth> {
  instance ??= createAuth();
  return instance;
}
