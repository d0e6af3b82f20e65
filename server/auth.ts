import { betterAuth, type AuthContext, type BetterAuthOptions } from "better-auth";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import type { Kysely } from "kysely";
import { PASSWORD_MAX, PASSWORD_MIN } from "#base/limits.ts";
import type { DialectName } from "#db/kysely.ts";
import type { DB } from "#db/schema.ts";
import { createBeforeHook } from "./auth-guards.ts";
import {
  createAuthMail,
  HOUR_SECONDS,
  RESET_IDENTIFIER,
  RESET_LINK_HOURS,
  VERIFY_LINK_HOURS,
} from "./auth-mail.ts";
import { redirectTargetsOfThisSite } from "./auth-redirects.ts";
import { localizeRateLimitRefusal } from "./auth-responses.ts";
import { createDatabaseHooks, removeUserLeftovers } from "./auth-users.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer, type Mailer } from "./mail.ts";
import type { RateLimitStore } from "#db/rate-limits.ts";
import { createRateLimitStore } from "./rate-limit.ts";
import type { SharedStore } from "./redis.ts";
import { selectOidcConfigs } from "./sign-in-providers.ts";
import { paths } from "#base/paths.ts";

/** The header through which Express hands better-auth the client's address (see app.ts). */
export const CLIENT_IP_HEADER = "x-on-tap-client-ip";

const SESSION_DAYS = 30;

/** How long the "Nhập mã xác minh" step waits for its code after the password was accepted. */
const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** Wrong codes in a row (any challenge) that lock two-factor sign-in of an account … */
const TWO_FACTOR_LOCK_AFTER = 10;
/** … for this long. */
export const TWO_FACTOR_LOCK_MINUTES = 15;

/**
 * better-auth's own messages go to the app's log (JSON, with its level), not the console.
 * (No `level`: it is "warn" by default, and setting it makes better-auth also print every API
 * error to the console through its global logger.)
 */
function logThrough(log: Logger): BetterAuthOptions["logger"] {
  return {
    log: (level, message, ...args) => {
      const details = args.length > 0 ? { details: args } : {};
      log[level](details, `better-auth: ${message}`);
    },
  };
}

/**
 * No provider is trusted blindly: a provider sign-in joins an existing account only when the
 * provider says the email is verified (and, better-auth's default, the account's own email was
 * verified too, so nobody can pre-register a victim's address with a password).
 */
const ACCOUNT_LINKING = {
  accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: false },
} satisfies BetterAuthOptions["account"];

/**
 * Email + password with the spec's limits; verification never blocks (a new student practises
 * at once; a reminder asks meanwhile); whoever reset the password owns the mailbox, so every
 * session (a stolen one too) ends.
 */
function passwordOptions(mail: ReturnType<typeof createAuthMail>) {
  return {
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * HOUR_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: mail.sendResetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_HOURS * HOUR_SECONDS,
      sendVerificationEmail: mail.sendVerificationEmail,
    },
    verification: {
      // A reset token lets its holder take the account over: only its hash is stored, so a
      // copy of the database is no key to anyone's account.
      storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER]: "hashed" } },
      // With Redis, better-auth would keep these in Redis only: keep the database the truth.
      storeInDatabase: true,
    },
  } satisfies Pick<BetterAuthOptions, "emailAndPassword" | "emailVerification" | "verification">;
}

/**
 * Every rate limit, better-auth's per address and ours per address + account (server/
 * auth-guards.ts), counted in one place: Redis when configured (shared by every instance), else
 * (or while Redis is down) the database. Instead of storage "database" / "secondary-storage":
 * the same two places, through one store that falls back to the database while Redis is down
 * and reports the real time left in the window (better-auth's Redis counter always answers
 * "the whole window").
 */
function rateLimitOptions(env: Env, limits: RateLimitStore) {
  const perAddressPerMinute = { window: 60, max: env.AUTH_SIGN_IN_PER_IP_PER_MINUTE };
  return {
    enabled: env.AUTH_RATE_LIMIT,
    customStorage: limits,
    window: 60,
    max: 30,
    customRules: {
      // Per address; per address and account it is AUTH_SIGN_IN_PER_MINUTE (hooks.before).
      "/sign-in/email": perAddressPerMinute,
      "/sign-up/email": { window: 60 * 60, max: env.AUTH_SIGN_UP_PER_HOUR },
      "/request-password-reset": { window: 60 * 60, max: env.AUTH_PASSWORD_RESET_PER_HOUR },
      // Per account it is AUTH_VERIFY_MAIL_PER_HOUR (server/auth-mail.ts); per address only a
      // loose cap, as a whole school behind one address may be verifying at the same time.
      "/send-verification-email": { window: 60, max: 10 },
      // The second step of sign-in (and its setup in the profile), per address like the
      // first; per challenge better-auth allows 5 codes (then the password again, which
      // AUTH_SIGN_IN_PER_MINUTE limits), per account TWO_FACTOR_LOCK_AFTER wrong ones in a row.
      "/two-factor/*": perAddressPerMinute,
      // Starting a Google or school sign-in holds no secret to guess: the same per-address cap
      // as sign-in, not better-auth's default 3 per 10 s, which a class behind one address
      // would hit at the start of a lesson.
      "/sign-in/social": perAddressPerMinute,
    },
  } satisfies BetterAuthOptions["rateLimit"];
}

/**
 * Two-factor sign-in with an authenticator app (TOTP) and recovery codes, which a student turns
 * on in the profile. It asks for the code after a password sign-in only: a Google or school
 * sign-in has its provider's own second factor.
 */
const twoFactorSignIn = () =>
  twoFactor({
    issuer: "Ôn Tập",
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60,
    accountLockout: {
      maxFailedAttempts: TWO_FACTOR_LOCK_AFTER,
      durationSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
    },
  });

/**
 * better-auth over our own database (its tables come from db/migrations/0003-accounts.ts):
 * email + password with the spec's limits, 30-day sessions refreshed at most daily and always
 * kept in the database, rate limits on sign-in and sign-up, no telemetry (the app talks to
 * nobody outside the machine). Email verification (never blocking) and password reset mail
 * through server/mail.ts (server/auth-mail.ts); the checks before every endpoint in
 * server/auth-guards.ts; the user and session rows' hooks in server/auth-users.ts.
 */
export function createAuth(options: {
  env: Env;
  db: Kysely<DB>;
  dialect: DialectName;
  logger?: Logger;
  mailer?: Mailer;
  /** Redis (server/redis.ts), when REDIS_URL is set: rate limits and the session cache. */
  shared?: SharedStore;
}) {
  const { env, db, dialect, shared } = options;
  const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const log = options.logger ?? createLogger(env.LOG_LEVEL);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dataDir: env.DATA_DIR,
      logger: log,
    });
  // Typed by these very options, which cannot name it yet; the helpers only use its adapters.
  const context = () => auth.$context as unknown as Promise<AuthContext>;
  const mail = createAuthMail({ env, log, mailer, baseURL, context });
  const limits = createRateLimitStore({ db, shared });
  // Google and any OpenID Connect provider (server/sign-in-providers.ts), when configured.
  const oidcConfigs = selectOidcConfigs(env);
  const auth = betterAuth({
    appName: "Ôn Tập",
    baseURL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    database: { db: db as Kysely<unknown>, type: dialect },
    // A cache in front of the database, never the only copy: sessions (storeSessionInDatabase)
    // and verification values (storeInDatabase) stay in the database, so a Redis outage only
    // means cache misses (see server/redis.ts).
    secondaryStorage: shared?.secondaryStorage,
    telemetry: { enabled: false },
    // Deletion by a GET link would let a mail scanner that opens links delete the account: the
    // mailed link opens /profile, where the student confirms with a POST.
    disabledPaths: ["/delete-user/callback"],
    logger: logThrough(log),
    // Provider sign-ins that fail (or that the student cancels) come back to the sign-in page
    // with ?error=<code>; its loader (app/features/auth/auth-forms.server.ts) says what happened.
    onAPIError: { errorURL: paths.login() },
    account: ACCOUNT_LINKING,
    trustedOrigins: [new URL(baseURL).origin],
    ...passwordOptions(mail),
    // Deleting an account takes the user's sessions and linked accounts with it (cascade).
    user: {
      deleteUser: { enabled: true, afterDelete: removeUserLeftovers({ log, context, db }) },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      storeSessionInDatabase: true,
      additionalFields: { authType: { type: "string", required: false, input: false } },
    },
    hooks: {
      before: createBeforeHook({ env, limits, equalResetWork: mail.equalResetWork }),
    },
    databaseHooks: createDatabaseHooks({ env, db, log, context }),
    rateLimit: rateLimitOptions(env, limits),
    plugins: [
      redirectTargetsOfThisSite,
      ...(oidcConfigs.length > 0 ? [genericOAuth({ config: oidcConfigs })] : []),
      twoFactorSignIn(),
    ],
    advanced: {
      useSecureCookies: env.NODE_ENV === "production" && baseURL.startsWith("https:"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
  // better-auth's own limiter answers in English: every 429 gets the Vietnamese message.
  const handle = auth.handler;
  auth.handler = async (request) => localizeRateLimitRefusal(await handle(request));
  // `limits`: the same store counts the app's own limits (the own-practice preview, ADR 0014).
  return Object.assign(auth, { sendAccountDeletionLink: mail.sendAccountDeletionLink, limits });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Whether a reset link still works (not used, not expired), so the page can say so before the
 * student types a new password. better-auth checks again, atomically, when the form is sent.
 */
export async function isResetTokenUsable(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER}${token}`);
  return row !== null && new Date(row.expiresAt).getTime() > Date.now();
}
