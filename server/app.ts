import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express } from "express";
import expressStaticGzip from "express-static-gzip";
import type { Kysely } from "kysely";
import { pinoHttp } from "pino-http";
import { redactShareTokens } from "#services/own-practices/manage.ts";
import { rollUpAnswerShares } from "#services/attempts/answer-shares.ts";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { toNodeHandler } from "better-auth/node";
import { sharedVi } from "#base/i18n/vi.ts";
import {
  createParsePool,
  sourceParseWorker,
  type ParsePool,
  type ParsePoolOptions,
} from "#content/parse-pool.ts";
import { checkDatabase } from "#db/health.ts";
import type { DialectName } from "#db/kysely.ts";
import type { DB } from "#db/schema.ts";
import { selectPublicEnv, type Env, type PublicEnv } from "./env.ts";
import type { Logger } from "./logger.ts";
import { CLIENT_IP_HEADER, createAuth, type Auth } from "./auth.ts";
import { createAvatarRouter } from "./avatar-routes.ts";
import { createPictureRouter } from "./picture-routes.ts";
import { createSharedStore, type SharedStore } from "./redis.ts";
import { createSessionCache, forgetChangedSessions, type SessionCache } from "./session-cache.ts";
import {
  answerOutages,
  isDatabaseUnavailable,
  OUTAGE_RETRY_SECONDS,
  outageMarkOf,
  type OutageMark,
} from "./database-outage.ts";
import { cacheVisitorPages } from "./page-cache.ts";
import { ANSWER_COMPRESSION } from "./page-compression.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import {
  capRequestBodies,
  guardRedirects,
  refuseBadHost,
  requireSameOrigin,
} from "./request-guards.ts";
import { assignCspNonce, createHelmet, refuseUnreadableUrl } from "./security.ts";
import { selectProviderOrigins } from "./sign-in-providers.ts";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    db: Kysely<DB>;
    dialect: DialectName;
    publicEnv: PublicEnv;
    logger: Logger;
    auth: Auth;
    /** The request's session, read through the process's cache (server/session-cache.ts). */
    sessions: SessionCache;
    /** The client's address as Express sees it (proxy headers only when TRUST_PROXY says so). */
    clientIp: string;
    /** Set when a loader or action met the database out of reach: the answer becomes a 503. */
    outage: OutageMark;
    /** Reads students' files and texts off the event loop, bounded (ADR 0015). */
    parse: ParsePool;
    /** A page's HTML is asked for, not its data for a navigation in the app (`.data`). */
    document: boolean;
    /**
     * Set by a loader rendering a document: its largest value, written once as JSON beside the
     * HTML instead of in the loader data (app/lib/document-payload.tsx).
     */
    documentPayload?: { value: unknown };
  }
}

export interface AppOptions {
  env: Env;
  db: Kysely<DB>;
  dialect: DialectName;
  logger: Logger;
  /** The built app (production) … */
  build?: ServerBuild;
  /** … or Vite's dev server, which builds it on demand. */
  vite?: ViteDevServer;
  /** Where the built browser assets are (build/client). */
  clientDir?: string;
  /**
   * The parse pool's worker script: the built build/host/parse-worker.js in production (and
   * in the tests, which drive the build); the TypeScript source under tsx when absent.
   */
  parseWorker?: Pick<ParsePoolOptions, "workerFile" | "execArgv">;
}

/** What an app holds open besides the database (which its owner closes): see closeApp. */
const closers = new WeakMap<Express, () => Promise<void>>();

/** Closes what createApp opened (the Redis connection, the parse pool), once the server has stopped. */
export async function closeApp(app: Express): Promise<void> {
  const close = closers.get(app);
  closers.delete(app);
  await close?.();
}

/**
 * "How others answered" (issue 30): every `seconds`, the attempts saved since are counted, off
 * the save's path. Every instance runs it; the roll-up lets one batch run at a time. A failure
 * (the database away) is logged and tried again next time.
 */
function rollUpAnswerSharesEvery(
  seconds: number,
  db: Kysely<DB>,
  logger: Logger,
): { stop: () => Promise<void> } {
  if (seconds === 0) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      rollUpAnswerShares(db).catch((error: unknown) =>
        logger.warn({ err: error }, "could not count the answer shares"),
      ),
    );
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** One log line a request, with its id (the client's x-request-id or a new one). */
function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = (req.headers["x-request-id"] as string | undefined) ?? randomUUID();
      res.setHeader("x-request-id", id);
      return id;
    },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return "error";
      if (req.url === "/healthz" || req.url?.startsWith("/assets/")) return "debug";
      return res.statusCode >= 400 ? "warn" : "info";
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // A shared practice's link opens it: never written to the logs (ADR 0012).
        url: redactShareTokens(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/** Redis, when configured: rate limits and the session cache shared by every instance. */
function openSharedStore(env: Env, logger: Logger): SharedStore | undefined {
  return env.REDIS_URL
    ? createSharedStore({
        url: env.REDIS_URL,
        keyPrefix: env.REDIS_KEY_PREFIX,
        commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
        logger,
      })
    : undefined;
}

/** Healthy when the database answers; load balancers take an instance out on 503. */
function answerHealth(db: AppOptions["db"]) {
  return async (_req: express.Request, res: express.Response) => {
    const database = await checkDatabase(db);
    res.setHeader("cache-control", "no-store");
    res.status(database ? 200 : 503).json({ status: database ? "ok" : "unavailable", database });
  };
}

/** The Express app: security headers, compression, logs, health, assets, then React Router. */
export function createApp(options: AppOptions): Express {
  const { env, db, dialect, logger, build, vite } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLogger(logger));
  // better-auth reads the client address from this header only; whatever a client sent in it
  // is overwritten, so nobody can choose their own rate-limit bucket.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  });
  // Before anything reads a request: the host it names, its body size, where it comes from, and
  // where an answer may send the browser (server/request-guards.ts).
  const publicOrigin = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  app.use(refuseBadHost);
  app.use(capRequestBodies);
  app.use(requireSameOrigin(publicOrigin));
  app.use(guardRedirects([publicOrigin, ...selectProviderOrigins(env)]));
  if (!vite && options.clientDir) {
    // Hashed scripts, styles and fonts, before helmet: the CSP and its companions govern
    // documents, and on every asset they cost about 1.2 KB of headers (13 KB for `/` on a phone).
    app.use("/assets", serveAssets(path.join(options.clientDir, "assets")));
  }
  app.use(assignCspNonce);
  app.use(
    createHelmet({ devServer: Boolean(vite), formActionOrigins: selectProviderOrigins(env) }),
  );
  if (env.COMPRESSION) app.use(compression(ANSWER_COMPRESSION));
  app.use(refuseUnreadableUrl);
  app.use(answerOutages());

  app.get("/healthz", answerHealth(db));

  const shared = openSharedStore(env, logger);
  const parse = createParsePool({
    ...(options.parseWorker ?? sourceParseWorker()),
    threads: env.PARSE_THREADS,
    queue: env.PARSE_QUEUE,
    timeLimitMs: env.PARSE_TIME_LIMIT_MS,
    memoryMb: env.PARSE_MEMORY_MB,
    onError: (error) => logger.error({ err: error }, "parse pool thread failed"),
  });
  const shares = rollUpAnswerSharesEvery(env.ANSWER_SHARES_SECONDS, db, logger);
  closers.set(app, async () => {
    await shares.stop();
    await sessions.close();
    await Promise.all([shared?.close(), parse.close()]);
  });
  const auth = createAuth({ env, db, dialect, logger, shared });
  const sessions = createSessionCache({ auth, seconds: env.SESSION_CACHE_SECONDS, shared });
  app.use(forgetChangedSessions(sessions));
  // Mounted before any body parser: better-auth reads the raw request itself.
  app.all("/api/auth/{*splat}", toNodeHandler(auth));
  // POST /api/avatar reads its raw body itself too; GET /avatars/:file serves the pictures.
  app.use(createAvatarRouter({ db, auth }));
  // GET /pictures/:file serves question pictures; POST /api/pictures reads its raw body itself.
  app.use(createPictureRouter({ db, auth, sessions, parse }));

  if (build) {
    // Lets the browser tell a failed chunk (network) from a deploy that replaced the assets.
    app.get("/build-version", (_req, res) => {
      res.setHeader("cache-control", "no-store");
      res.json({ version: build.assets.version });
    });
  }

  if (vite) {
    app.use(vite.middlewares);
  } else if (options.clientDir) {
    app.use(servePublicFiles(options.clientDir));
  }

  mountReactRouter(app, options, { auth, sessions, parse });
  app.use(handleError);
  return app;
}

/** Every other request is React Router's, with the load context its loaders and actions read. */
function mountReactRouter(
  app: Express,
  options: AppOptions,
  { auth, sessions, parse }: { auth: Auth; sessions: SessionCache; parse: ParsePool },
) {
  const { env, db, dialect, logger, build, vite } = options;
  const publicEnv = selectPublicEnv(env);
  const getLoadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: res.locals.cspNonce as string,
    db,
    dialect,
    publicEnv,
    logger,
    auth,
    sessions,
    clientIp: req.ip ?? "unknown",
    outage: outageMarkOf(res),
    parse,
    document: !req.path.endsWith(".data"),
  });
  if (build) {
    app.use(
      cacheVisitorPages({
        build,
        seconds: env.PAGE_CACHE_SECONDS,
        getLoadContext,
        compress: env.COMPRESSION,
      }),
    );
  }
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build: vite
        ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : build!,
      // A built app never shows stacks, whatever NODE_ENV says.
      mode: vite ? "development" : "production",
      getLoadContext,
      compress: env.COMPRESSION,
    }),
  );
}

/**
 * File names under /assets carry a content hash: cache them forever. The build wrote brotli
 * (quality 11) and gzip (level 9) copies beside them, smaller than on-the-fly. `nosniff` stays:
 * it is what keeps a script or a stylesheet from being read as anything else.
 */
function serveAssets(dir: string): express.RequestHandler[] {
  return [
    (_req, res, next) => {
      res.setHeader("x-content-type-options", "nosniff");
      next();
    },
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
    (_req, res) => void res.status(404).type("text/plain").send("Not found"),
  ];
}

/**
 * The other files of build/client (favicon, images): only their own paths reach the file
 * system, instead of a `stat` (and an error object) for every page request.
 */
function servePublicFiles(clientDir: string): express.RequestHandler {
  const names = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
  const serve = express.static(clientDir, {
    maxAge: "1h",
    index: false,
    // The service worker is checked for a new build on every visit: never from a cache.
    setHeaders: (res, file) => {
      if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
    },
  });
  return (req, res, next) => {
    if (names.has(req.path.split("/")[1] ?? "")) serve(req, res, next);
    else next();
  };
}

/** The last resort: log with the request, answer `{ code, message }` without a stack. */
const handleError: ErrorRequestHandler = (error, req, res, _next) => {
  const status =
    typeof error?.status === "number" && error.status >= 400 && error.status < 600
      ? (error.status as number)
      : 500;
  req.log?.error({ err: error }, "request failed");
  if (res.headersSent) {
    res.end();
    return;
  }
  if (isDatabaseUnavailable(error)) {
    res.setHeader("retry-after", String(OUTAGE_RETRY_SECONDS));
    res.status(503).json({ code: "UNAVAILABLE", message: sharedVi.requests.unavailable });
    return;
  }
  const body =
    status < 500
      ? { code: error?.code ?? "BAD_REQUEST", message: String(error?.message ?? "Bad request") }
      : { code: "INTERNAL", message: "Internal server error" };
  res.status(status).json(body);
};
