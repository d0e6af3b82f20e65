import { betterAuth, logger } from "better-auth";
import type { Kysely } from "kysely";
import type { DialectName } from "#db/kysely.ts";
import type { DB } from "#db/schema.ts";
import { removeAvatarFiles } from "./avatar.ts";
import type { Env } from "./env.ts";

/** The header through which Express hands better-auth the client's address (see app.ts). */
export const CLIENT_IP_HEADER = "x-on-tap-client-ip";

export const SESSION_DAYS = 30;

/**
 * better-auth over our own database (its tables come from db/migrations/0003-accounts.ts):
 * email + password with the spec's limits, 30-day sessions refreshed at most daily and always
 * kept in the database, rate limits on sign-in and sign-up, no telemetry (the app talks to
 * nobody outside the machine).
 */
export function createAuth(options: { env: Env; db: Kysely<DB>; dialect: DialectName }) {
  const { env, db, dialect } = options;
  const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return betterAuth({
    appName: "Ôn Tập",
    baseURL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    database: { db: db as Kysely<unknown>, type: dialect },
    telemetry: { enabled: false },
    trustedOrigins: [new URL(baseURL).origin],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    user: {
      // Deleting an account takes the user's sessions and linked accounts with it (cascade).
      deleteUser: {
        enabled: true,
        // The avatar files go too. The account is already gone by then: a failure here is
        // logged, never turned into an error for the user.
        afterDelete: async (user) => {
          try {
            await removeAvatarFiles(user.id, env.DATA_DIR);
          } catch (error) {
            logger.error(`Could not remove the avatar files of user ${user.id}`, error);
          }
        },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      storeSessionInDatabase: true,
      additionalFields: { authType: { type: "string", required: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in in this version is by password; provider sign-ins will set theirs.
          before: async (session) => ({ data: { ...session, authType: "password" } }),
        },
      },
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      storage: "database",
      window: 60,
      max: 30,
      customRules: {
        "/sign-in/email": { window: 60, max: env.AUTH_SIGN_IN_PER_MINUTE },
        "/sign-up/email": { window: 60 * 60, max: env.AUTH_SIGN_UP_PER_HOUR },
      },
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === "production" && baseURL.startsWith("https:"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
