import { randomBytes } from "node:crypto";
import { betterAuth, logger, type BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from "better-auth/api";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import type { Kysely } from "kysely";
import { vi } from "#app/i18n/vi.ts";
import { EMAIL_MAX, FULL_NAME_MAX } from "#app/utils/auth-schemas.ts";
import { safeRedirectPath } from "#app/utils/safe-redirect.ts";
import { containsNulCharacter } from "./security.ts";
import type { DialectName } from "#db/kysely.ts";
import type { DB } from "#db/schema.ts";
import { removeAvatarFiles } from "./avatar-store.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createRateLimitStore, signInLimitKey } from "./rate-limit.ts";
import type { SharedStore } from "./redis.ts";
import { adoptProviderPicture } from "./provider-picture.ts";
import { authTypeOf, selectOidcConfigs, selectProviderHosts } from "./sign-in-providers.ts";
import {
  composeDeleteAccountMail,
  composeResetPasswordMail,
  composeVerificationMail,
  createMailer,
  type Mailer,
} from "./mail.ts";

/** The header through which Express hands better-auth the client's address (see app.ts). */
export const CLIENT_IP_HEADER = "x-on-tap-client-ip";

export const SESSION_DAYS = 30;

/** A reset link works once, within this time (the issue asks for one hour). */
export const RESET_LINK_HOURS = 1;
/**
 * A verification link lasts a day: nothing is locked behind it, and a student who opens the
 * mail the next morning should not have to ask for another.
 */
export const VERIFY_LINK_HOURS = 24;

/** How long the "Nhập mã xác minh" step waits for its code after the password was accepted. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** Wrong codes in a row (any challenge) that lock two-factor sign-in of an account … */
export const TWO_FACTOR_LOCK_AFTER = 10;
/** … for this long. */
export const TWO_FACTOR_LOCK_MINUTES = 15;

/** A mailed "xoá tài khoản" link (accounts without a password) works once, within this time. */
export const DELETE_LINK_HOURS = 24;

const HOUR_SECONDS = 60 * 60;
/** better-auth's identifier prefix for account deletion tokens (a constant inside better-auth). */
const DELETE_IDENTIFIER = "delete-account-";
/** Verification rows that count mails sent to one account (see limitVerificationMails). */
const VERIFY_MAIL_COUNTER = "verification-mail:";
/** better-auth's identifier prefix for reset tokens (a constant inside better-auth). */
const RESET_IDENTIFIER = "reset-password:";

/** The only picture a user may point their account at: one they uploaded (server/avatar.ts). */
export function isOwnAvatarPath(image: unknown, userId: string): boolean {
  if (typeof image !== "string") return false;
  const prefix = `/avatars/${userId}-`;
  return image.startsWith(prefix) && /^[0-9a-f]{16}\.webp$/.test(image.slice(prefix.length));
}

/**
 * better-auth over our own database (its tables come from db/migrations/0003-accounts.ts):
 * email + password with the spec's limits, 30-day sessions refreshed at most daily and always
 * kept in the database, rate limits on sign-in and sign-up, no telemetry (the app talks to
 * nobody outside the machine). Email verification (never blocking) and password reset mail
 * through server/mail.ts.
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
  // Links in mails always point at the public origin, whatever host a request came in on.
  const pageLink = (pathname: string, token: string) => {
    const url = new URL(pathname, baseURL);
    url.searchParams.set("token", token);
    return url.href;
  };

  /**
   * At most AUTH_VERIFY_MAIL_PER_HOUR verification mails per account per hour, counted in the
   * database (so every instance shares the count) as short-lived rows of the verification table.
   * The row is written first and counted after, so two quick clicks can never both slip past
   * the limit. Returns a function that takes the row back when the mail could not be sent.
   */
  async function limitVerificationMails(userId: string): Promise<() => Promise<void>> {
    if (!env.AUTH_RATE_LIMIT) return async () => {};
    const context = await auth.$context;
    const identifier = `${VERIFY_MAIL_COUNTER}${userId}`;
    const now = new Date();
    await context.adapter.deleteMany({
      model: "verification",
      where: [
        { field: "identifier", value: identifier },
        { field: "expiresAt", operator: "lte", value: now },
      ],
    });
    const row = await context.internalAdapter.createVerificationValue({
      identifier,
      value: userId,
      expiresAt: new Date(now.getTime() + HOUR_SECONDS * 1000),
    });
    const takeBack = () =>
      context.adapter.delete({ model: "verification", where: [{ field: "id", value: row.id }] });
    const recent = await context.adapter.findMany<{ id: string; expiresAt: Date | string }>({
      model: "verification",
      where: [
        { field: "identifier", value: identifier },
        { field: "expiresAt", operator: "gt", value: now },
      ],
      sortBy: { field: "expiresAt", direction: "asc" },
    });
    if (recent.length > env.AUTH_VERIFY_MAIL_PER_HOUR) {
      await takeBack();
      const oldest = new Date(recent[0]!.expiresAt).getTime();
      const seconds = Math.max(1, Math.ceil((oldest - now.getTime()) / 1000));
      throw new APIError(
        "TOO_MANY_REQUESTS",
        {
          code: "TOO_MANY_VERIFICATION_MAILS",
          message: vi.recovery.errors.tooManyVerifyMails(Math.ceil(seconds / 60)),
        },
        { "X-Retry-After": String(seconds) },
      );
    }
    return takeBack;
  }

  /** Verification rows past their time: used links, old counters, and equalResetWork's. */
  async function removeExpiredVerificationRows(): Promise<void> {
    const context = await auth.$context;
    await context.adapter.deleteMany({
      model: "verification",
      where: [{ field: "expiresAt", operator: "lt", value: new Date() }],
    });
  }

  /**
   * "Quên mật khẩu" must not tell a stranger whether an address has an account, by its answer
   * (better-auth's is the same) or by its time: for a known address better-auth writes a token
   * row and we compose the mail (sending is not awaited); for an unknown one it only reads. So
   * for an unknown address this writes a row that is already expired, composes the same mail
   * and tidies expired rows, as sendResetPassword does for a known one.
   */
  async function equalResetWork(ctx: AuthHookContext): Promise<void> {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== "string") return;
    const context = await auth.$context;
    if (await context.internalAdapter.findUserByEmail(email.toLowerCase())) return;
    await context.internalAdapter.createVerificationValue({
      identifier: `${RESET_IDENTIFIER}${randomBytes(18).toString("base64url")}`,
      value: "",
      expiresAt: new Date(Date.now() - 1000),
    });
    composeResetPasswordMail(email, pageLink("/reset-password", "x".repeat(24)), RESET_LINK_HOURS);
    await removeExpiredVerificationRows();
  }

  // Every rate limit, better-auth's per address and ours per address + account, counted in one
  // place: Redis when configured (shared by every instance), else (or while Redis is down) the
  // database (server/rate-limit.ts).
  const limits = createRateLimitStore({ db, shared });

  // Google and any OpenID Connect provider (server/sign-in-providers.ts), when configured.
  const oidcConfigs = selectOidcConfigs(env);
  const oidcPlugins = oidcConfigs.length > 0 ? [genericOAuth({ config: oidcConfigs })] : [];
  /**
   * A provider's picture URL, taken off the new user row before it is written (the row only
   * ever points at our own /avatars/…) and handed to the after-create hook, keyed by the
   * request that creates the user.
   */
  const pendingPictures = new WeakMap<object, string>();

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
    // mailed link opens /profile, where the student confirms with a POST (see below).
    disabledPaths: ["/delete-user/callback"],
    // better-auth's own messages go to the app's log (JSON, with its level), not the console.
    // (No `level`: it is "warn" by default, and setting it makes better-auth also print every
    // API error to the console through its global logger.)
    logger: {
      log: (level, message, ...args) => {
        const details = args.length > 0 ? { details: args } : {};
        log[level](details, `better-auth: ${message}`);
      },
    },
    // Provider sign-ins that fail (or that the student cancels) come back to the sign-in page
    // with ?error=<code>; app/routes/login.tsx says what happened in Vietnamese.
    onAPIError: { errorURL: "/login" },
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted blindly: a provider sign-in joins an existing account only when
        // the provider says the email is verified (and, better-auth's default, the account's own
        // email was verified too, so nobody can pre-register a victim's address with a password).
        trustedProviders: [],
        allowDifferentEmails: false,
      },
    },
    trustedOrigins: [new URL(baseURL).origin],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Verification never blocks: a new student practises at once; a reminder asks meanwhile.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * HOUR_SECONDS,
      // Whoever reset the password owns the mailbox: every session (a stolen one too) ends.
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // The same work as for an unknown address (see equalResetWork): tidying expired rows.
        await removeExpiredVerificationRows();
        const link = pageLink("/reset-password", token);
        // Not awaited: an SMTP round trip only for existing accounts would let anyone tell them
        // from unknown addresses by the response time. The answer goes out at once either way.
        void mailer
          .send({
            kind: "reset-password",
            to: user.email,
            link,
            ...composeResetPasswordMail(user.name, link, RESET_LINK_HOURS),
          })
          .catch((error: unknown) =>
            log.error({ err: error, userId: user.id }, "could not send the password reset mail"),
          );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_HOURS * HOUR_SECONDS,
      async sendVerificationEmail({ user, token }, request) {
        const link = pageLink("/verify-email", token);
        const signUp = request ? new URL(request.url).pathname.endsWith("/sign-up/email") : false;
        const takeBack = await limitVerificationMails(user.id);
        const sending = mailer.send({
          kind: "verify-email",
          to: user.email,
          link,
          ...composeVerificationMail(user.name, link, VERIFY_LINK_HOURS),
        });
        if (signUp) {
          // Registration never waits for (or fails with) the mail server; "Gửi lại" is there.
          void sending.catch((error: unknown) =>
            log.error({ err: error, userId: user.id }, "could not send the verification mail"),
          );
          return;
        }
        try {
          await sending;
        } catch (error) {
          log.error({ err: error, userId: user.id }, "could not send the verification mail");
          await takeBack();
          throw new APIError("SERVICE_UNAVAILABLE", {
            code: "MAIL_NOT_SENT",
            message: vi.recovery.errors.mailNotSent,
          });
        }
      },
    },
    verification: {
      // A reset token lets its holder take the account over: only its hash is stored, so a
      // copy of the database is no key to anyone's account.
      storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER]: "hashed" } },
      // With Redis, better-auth would keep these in Redis only: keep the database the truth.
      storeInDatabase: true,
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
          // And its verification rows (no foreign key to cascade): unused reset tokens and the
          // verification-mail counter both hold the user's id as their value.
          try {
            const context = await auth.$context;
            await context.adapter.deleteMany({
              model: "verification",
              where: [{ field: "value", value: user.id }],
            });
          } catch (error) {
            log.error({ err: error, userId: user.id }, "could not remove the verification rows");
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // PostgreSQL cannot store or compare text holding NUL (the address is checked in app.ts).
        if (containsNulCharacter(ctx.body) || containsNulCharacter(ctx.query)) {
          throw new APIError("BAD_REQUEST", {
            code: "BAD_CHARACTER",
            message: vi.requests.badCharacter,
          });
        }
        // The forms' limits hold on better-auth's own endpoints too: no 5 MB name, no name
        // that is an object (which reached the database layer and failed there with a 500).
        if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") {
          const problem = profileFieldProblem(ctx.body, ctx.path === "/sign-up/email");
          if (problem) {
            throw new APIError("BAD_REQUEST", { code: "INVALID_PROFILE_FIELD", message: problem });
          }
        }
        // better-auth limits per address and path only: this adds the limit per address AND
        // account, so one student's wrong guesses do not lock out a whole school behind one
        // address, and nobody gets AUTH_SIGN_IN_PER_IP_PER_MINUTE guesses at one account.
        if (ctx.path === "/sign-in/email" && env.AUTH_RATE_LIMIT) {
          const body = ctx.body as Record<string, unknown> | undefined;
          const email = typeof body?.email === "string" ? body.email : "";
          const source = ctx.request ?? ctx.headers;
          const ip = (source ? getIP(source, ctx.context.options) : null) ?? "no-ip";
          const { allowed, retryAfter } = await limits.consume(signInLimitKey(ip, email), {
            window: 60,
            max: env.AUTH_SIGN_IN_PER_MINUTE,
          });
          // Answered, not thrown: a refusal is the limit working, not an error to log.
          if (!allowed) return tooManyRequests(retryAfter ?? 60, "TOO_MANY_SIGN_IN_ATTEMPTS");
        }
        if (ctx.path === "/delete-user") await requireDeletionProof(ctx);
        if (ctx.path === "/request-password-reset") await equalResetWork(ctx);
        if (ctx.path === "/send-verification-email") {
          // Only for the signed-in account itself: better-auth's anonymous form of this endpoint
          // would answer a "too many mails" refusal for an unverified address only, which
          // tells a stranger that the account exists.
          if (!(await getSessionFromCtx(ctx))) {
            throw new APIError("UNAUTHORIZED", {
              code: "SIGN_IN_REQUIRED",
              message: vi.recovery.errors.signInToResend,
            });
          }
        }
        // `image` is shown to everyone who sees the user (the header, later the rankings):
        // never a URL to another site (tracking pixels, hot-linking) or to someone else's
        // picture. Only null or the user's own upload, which server/avatar.ts sets through
        // auth.api.updateUser; nothing at sign-up, where the account has no upload yet.
        if (ctx.path === "/update-user" || ctx.path === "/sign-up/email") {
          const body = ctx.body as Record<string, unknown> | undefined;
          const image = body?.image;
          if (image === undefined || image === null) return;
          const session = ctx.path === "/update-user" ? await getSessionFromCtx(ctx) : null;
          // Without a session /update-user answers 401 itself.
          if (ctx.path === "/update-user" && !session) return;
          if (!session || !isOwnAvatarPath(image, session.user.id)) {
            throw new APIError("BAD_REQUEST", {
              code: "IMAGE_NOT_ALLOWED",
              message: vi.recovery.errors.imageNotAllowed,
            });
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // A provider's new user: its name and email as given, its picture fetched afterwards.
          before: async (user, context) => {
            const picture = user.image;
            const name = user.name?.trim() || user.email.split("@")[0] || user.email;
            if (picture && context) pendingPictures.set(context, picture);
            return { data: { ...user, name, image: null } };
          },
          // Runs once the user row is committed, before the session is made: the first page
          // after sign-in already shows the picture. Never throws (see provider-picture.ts).
          after: async (user, context) => {
            const pictureUrl = context ? pendingPictures.get(context) : undefined;
            if (!context || !pictureUrl) return;
            pendingPictures.delete(context);
            await adoptProviderPicture({
              pictureUrl,
              userId: user.id,
              dataDir: env.DATA_DIR,
              // Straight through the adapter: the image lock guards what a browser may send to
              // /update-user; this is the server setting the user's own upload.
              setImage: async (image) => {
                await (await auth.$context).internalAdapter.updateUser(user.id, { image });
              },
              warn: (details, message) => log.warn(details, message),
              trustedHosts: selectProviderHosts(env),
            });
          },
        },
      },
      session: {
        create: {
          // How the user signed in (the spec's authType): "password", "google" or "oidc".
          before: async (session, context) => ({
            data: { ...session, authType: authTypeOf(context) },
          }),
        },
      },
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      // Instead of storage "database" / "secondary-storage": the same two places, through one
      // store that falls back to the database while Redis is down and reports the real time
      // left in the window (better-auth's Redis counter always answers "the whole window").
      customStorage: limits,
      window: 60,
      max: 30,
      customRules: {
        // Per address; per address and account it is AUTH_SIGN_IN_PER_MINUTE (hooks.before).
        "/sign-in/email": { window: 60, max: env.AUTH_SIGN_IN_PER_IP_PER_MINUTE },
        "/sign-up/email": { window: 60 * 60, max: env.AUTH_SIGN_UP_PER_HOUR },
        "/request-password-reset": { window: 60 * 60, max: env.AUTH_PASSWORD_RESET_PER_HOUR },
        // Per account it is AUTH_VERIFY_MAIL_PER_HOUR (above); per address only a loose cap, as
        // a whole school behind one address may be verifying at the same time.
        "/send-verification-email": { window: 60, max: 10 },
        // The second step of sign-in (and its setup in the profile), per address like the
        // first; per challenge better-auth allows 5 codes (then the password again, which
        // AUTH_SIGN_IN_PER_MINUTE limits), per account TWO_FACTOR_LOCK_AFTER wrong ones in a row.
        "/two-factor/*": { window: 60, max: env.AUTH_SIGN_IN_PER_IP_PER_MINUTE },
        // Starting a Google or school sign-in holds no secret to guess: the same per-address cap
        // as sign-in, not better-auth's default 3 per 10 s, which a class behind one address
        // would hit at the start of a lesson.
        "/sign-in/social": { window: 60, max: env.AUTH_SIGN_IN_PER_IP_PER_MINUTE },
      },
    },
    plugins: [
      redirectTargetsOfThisSite,
      ...oidcPlugins,
      // Two-factor sign-in with an authenticator app (TOTP) and recovery codes, which a
      // student turns on in the profile. It asks for the code after a password sign-in only:
      // a Google or school sign-in has its provider's own second factor.
      twoFactor({
        issuer: "Ôn Tập",
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60,
        accountLockout: {
          maxFailedAttempts: TWO_FACTOR_LOCK_AFTER,
          durationSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
        },
      }),
    ],
    advanced: {
      useSecureCookies: env.NODE_ENV === "production" && baseURL.startsWith("https:"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
  // better-auth's own limiter answers in English: every 429 gets the Vietnamese message, which
  // says when to try again.
  const handle = auth.handler;
  auth.handler = async (request) => localizeRateLimitRefusal(await handle(request));

  /**
   * "Xoá tài khoản" for an account with no password (Google, a school's sign-in): a link to
   * /profile?deleteToken=… mailed to the account's address, which better-auth's /delete-user
   * takes as `token`. Re-authenticating with the provider would prove nothing on a shared
   * school computer, where the provider's own session is as likely to be left open as ours;
   * the mailbox is the one thing a passer-by does not have. Counts against the account's
   * mails per hour (AUTH_VERIFY_MAIL_PER_HOUR), like the verification mail.
   */
  async function sendAccountDeletionLink(user: { id: string; name: string; email: string }) {
    const takeBack = await limitVerificationMails(user.id);
    const context = await auth.$context;
    const token = randomBytes(24).toString("base64url");
    await context.internalAdapter.createVerificationValue({
      identifier: `${DELETE_IDENTIFIER}${token}`,
      value: user.id,
      expiresAt: new Date(Date.now() + DELETE_LINK_HOURS * HOUR_SECONDS * 1000),
    });
    const link = new URL("/profile", baseURL);
    link.searchParams.set("deleteToken", token);
    try {
      await mailer.send({
        kind: "delete-account",
        to: user.email,
        link: link.href,
        ...composeDeleteAccountMail(user.name, link.href, DELETE_LINK_HOURS),
      });
    } catch (error) {
      log.error({ err: error, userId: user.id }, "could not send the account deletion mail");
      await takeBack();
      throw new APIError("SERVICE_UNAVAILABLE", {
        code: "MAIL_NOT_SENT",
        message: vi.recovery.errors.mailNotSent,
      });
    }
  }

  return Object.assign(auth, { sendAccountDeletionLink });
}

/**
 * Deleting an account, by our profile form or by a direct call of better-auth's endpoint, needs
 * proof that it is the owner and not whoever sits at a signed-in computer: the account's
 * correct password (better-auth checks it; an empty one would fall back to "signed in within a
 * day"), or, for an account without a password, the token of a mailed link. better-auth
 * answers 401 itself when there is no session.
 */
async function requireDeletionProof(ctx: AuthHookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const body = ctx.body as Record<string, unknown> | undefined;
  if (typeof body?.token === "string" && body.token !== "") return;
  const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  if (credential?.password) {
    if (typeof body?.password === "string" && body.password !== "") return;
    throw new APIError("BAD_REQUEST", {
      code: "PASSWORD_REQUIRED",
      message: vi.auth.errors.passwordRequired,
    });
  }
  throw new APIError("FORBIDDEN", {
    code: "DELETION_LINK_REQUIRED",
    message: vi.auth.errors.deleteLinkRequired,
  });
}

type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What is wrong with a sign-up's or profile update's name or email, in Vietnamese, or null. */
function profileFieldProblem(body: unknown, signUp: boolean): string | null {
  if (!body || typeof body !== "object") return null;
  const { name, email } = body as Record<string, unknown>;
  const t = vi.validation;
  if (signUp || name !== undefined) {
    const label = vi.auth.fullName;
    if (typeof name !== "string") return t.invalidType(label);
    if (name.trim() === "") return t.required(label);
    if (name.trim().length > FULL_NAME_MAX) return t.stringMax(label, FULL_NAME_MAX);
  }
  if (typeof email === "string" && email.length > EMAIL_MAX) {
    return t.stringMax(vi.auth.email, EMAIL_MAX);
  }
  return null;
}

/** better-auth's parameters that name where the browser goes next. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * Every redirect target a request hands better-auth passes safeRedirectPath first, the one
 * function that decides them for our routes too: better-auth accepts relative paths as they
 * come (`/..//evil.example` went out as `Location: //evil.example`, a tab or a newline made it
 * throw a 500). server/request-guards.ts still checks the final Location of every answer.
 */
const redirectTargetsOfThisSite = {
  id: "redirect-targets-of-this-site",
  hooks: {
    before: [
      {
        matcher: () => true,
        handler: createAuthMiddleware(async (ctx) => {
          const safe = (values: unknown) => {
            if (!values || typeof values !== "object") return undefined;
            const record = values as Record<string, unknown>;
            const changed = REDIRECT_FIELDS.filter((field) => typeof record[field] === "string");
            if (changed.length === 0) return undefined;
            return {
              ...record,
              ...Object.fromEntries(
                changed.map((field) => [field, safeRedirectPath(record[field] as string)]),
              ),
            };
          };
          const query = safe(ctx.query);
          const body = safe(ctx.body);
          if (!query && !body) return;
          return { context: { ...(query ? { query } : {}), ...(body ? { body } : {}) } };
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;

export type Auth = ReturnType<typeof createAuth>;

/** A 429 with the Vietnamese message and the time to wait (also in X-Retry-After). */
function tooManyRequests(retryAfterSeconds: number, code: string): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return Response.json(
    { code, message: vi.auth.errors.tooManyAttempts(seconds) },
    { status: 429, headers: { "X-Retry-After": String(seconds) } },
  );
}

/** better-auth's rate-limit refusal (no `code` in its body) with our message instead. */
async function localizeRateLimitRefusal(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  let body: { code?: unknown } | null = null;
  try {
    body = (await response.clone().json()) as { code?: unknown };
  } catch {
    // Not JSON: not better-auth's refusal.
  }
  if (!body || body.code !== undefined) return response;
  const seconds = Math.max(1, Math.ceil(Number(response.headers.get("X-Retry-After")) || 60));
  const headers = new Headers(response.headers);
  headers.set("X-Retry-After", String(seconds));
  return Response.json(
    { code: "TOO_MANY_REQUESTS", message: vi.auth.errors.tooManyAttempts(seconds) },
    { status: 429, headers },
  );
}

/**
 * Whether a reset link still works (not used, not expired), so the page can say so before the
 * student types a new password. better-auth checks again, atomically, when the form is sent.
 */
export async function isResetTokenUsable(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER}${token}`);
  return row !== null && new Date(row.expiresAt).getTime() > Date.now();
}
