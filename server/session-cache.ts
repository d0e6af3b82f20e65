import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Auth } from "./auth.ts";
import type { SharedStore } from "./redis.ts";
import { sessionTokenOf } from "./session-cookie.ts";

/** better-auth's answer for a request's session: the session row and its user. */
type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The most sessions one instance keeps: the oldest go first (a few MB at most). */
const MOST_ENTRIES = 10_000;
/** The Redis channel on which an instance tells the others which sessions to forget. */
const FORGET_CHANNEL = "sessions:forget";

export interface SessionCache {
  /** The session this Cookie header names, at most `seconds` old; null when there is none. */
  get(headers: Headers): Promise<Session | null>;
  /**
   * Forgets the session this Cookie header names and every other session of its user, here
   * and, with Redis, on every instance: called around any request that may change them.
   */
  forget(cookieHeader: string | undefined): void;
  /**
   * Forgets every session, here and on every instance: after a change whose user the request
   * does not name (a password reset or an email verified through a mailed link). Rare.
   */
  forgetEveryone(): void;
  close(): Promise<void>;
}

interface Entry {
  read: Promise<Session | null>;
  until: number;
  userId?: string;
}

interface ForgetMessage {
  /** A session's key, or "*" for every session. */
  key: string;
  userId?: string;
}

const EVERYONE = "*";

/**
 * Signed-in pages read their session from here instead of from better-auth (a cookie check and
 * two queries, about a millisecond) on every request (issue 29, ADR 0026). An answer is kept
 * `seconds` at most, so a session ended where this instance cannot hear of it (another instance
 * without Redis, the user CLI, a password reset from a signed-out device) stops being accepted
 * within that time. One that ends through this instance (sign-out, deletion, a changed name or
 * password) is forgotten at once: `forget` runs before and after every request that may change a
 * session or its user, and with Redis it tells every instance.
 */
export function createSessionCache(options: {
  auth: Auth;
  seconds: number;
  shared?: SharedStore;
  now?: () => number;
}): SessionCache {
  const { auth, seconds, shared } = options;
  const now = options.now ?? Date.now;
  const { entries, drop, forgetHere, remember } = createEntries();
  const unsubscribe = shared?.subscribe(FORGET_CHANNEL, (message) => {
    const parsed = parseForgetMessage(message);
    if (parsed) forgetHere(parsed);
  });

  const readFresh = (key: string, headers: Headers): Promise<Session | null> => {
    if (entries.size >= MOST_ENTRIES) drop(entries.keys().next().value!);
    const read = auth.api.getSession({ headers }) as Promise<Session | null>;
    const entry: Entry = { read, until: now() + seconds * 1000 };
    entries.set(key, entry);
    read.then(
      (session) => {
        // Forgotten meanwhile, or no session: nothing to keep.
        if (entries.get(key) !== entry) return;
        if (!session) return void entries.delete(key);
        remember(key, entry, session.user.id);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return read;
  };

  return {
    get(headers) {
      const token = sessionTokenOf(headers.get("cookie"));
      if (token === undefined) return Promise.resolve(null);
      if (seconds <= 0) return auth.api.getSession({ headers }) as Promise<Session | null>;
      const key = keyOf(token);
      const entry = entries.get(key);
      if (entry && entry.until > now()) {
        return entry.read.then((session) =>
          session && new Date(session.session.expiresAt).getTime() > now()
            ? session
            : readFresh(key, headers),
        );
      }
      drop(key);
      return readFresh(key, headers);
    },
    forget(cookieHeader) {
      const token = sessionTokenOf(cookieHeader);
      if (token === undefined) return;
      const key = keyOf(token);
      const message: ForgetMessage = { key, userId: entries.get(key)?.userId };
      forgetHere(message);
      void shared?.publish(FORGET_CHANNEL, JSON.stringify(message));
    },
    forgetEveryone() {
      forgetHere({ key: EVERYONE });
      void shared?.publish(FORGET_CHANNEL, JSON.stringify({ key: EVERYONE }));
    },
    async close() {
      await unsubscribe?.();
      entries.clear();
    },
  };
}

/** The sessions read, and which belong to whom (to forget them all when one user changes). */
function createEntries() {
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    if (entry.userId !== undefined) keysOfUser.get(entry.userId)?.delete(key);
  };
  const forgetHere = ({ key, userId }: ForgetMessage) => {
    if (key === EVERYONE) {
      entries.clear();
      keysOfUser.clear();
      return;
    }
    const owner = userId ?? entries.get(key)?.userId;
    drop(key);
    if (owner === undefined) return;
    for (const other of keysOfUser.get(owner) ?? []) drop(other);
    keysOfUser.delete(owner);
  };
  const remember = (key: string, entry: Entry, userId: string) => {
    entry.userId = userId;
    let keys = keysOfUser.get(userId);
    if (!keys) keysOfUser.set(userId, (keys = new Set()));
    keys.add(key);
  };
  return { entries, drop, forgetHere, remember };
}

/** Sessions are known by a hash of their cookie: the token itself never goes to Redis. */
function keyOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function parseForgetMessage(message: string): ForgetMessage | null {
  try {
    const value = JSON.parse(message) as Partial<ForgetMessage>;
    if (typeof value.key !== "string") return null;
    return { key: value.key, userId: typeof value.userId === "string" ? value.userId : undefined };
  } catch {
    return null;
  }
}

/**
 * The routes that save a student's work (app/routes.ts): a room's attempt, a mock exam's sheet
 * and its "Nộp bài". They never change a session or its user, and a save for an account deleted
 * since its session was read is refused as signed out (services/attempts/store.ts; a sheet is
 * written only where its user's exam still is). A room's save is a fifth of what a class asks
 * for (issue 29): forgetting around it made the save, and the page after it, read the session
 * from the database again, and told every instance to forget it three times. Rarer writes (a
 * claim of guest attempts, a report, a comment, a new mock exam) still forget.
 */
const KEEPS_SESSIONS = /^\/api\/(?:attempts|mock-exams\/[^/]+\/(?:sheet|submit))$/;

/**
 * Whether a request may change a session or its user, so that the cache must forget them
 * around it: anything but reading a page or a file or saving a student's work
 * (KEEPS_SESSIONS), and every better-auth endpoint but the session read itself (a mailed
 * verification link is a GET, and it changes the user). A new route is forgotten around until
 * it is listed: a route wrongly listed would show a changed name, or accept an ended session,
 * for up to the cache's seconds.
 */
export function mayChangeSession(method: string, path: string): boolean {
  if (path.startsWith("/api/auth/")) return path !== "/api/auth/get-session";
  return method !== "GET" && method !== "HEAD" && !KEEPS_SESSIONS.test(path);
}

/**
 * A request that may end a session or change its user (sign-out, deletion, a new name or
 * password) has its user's cached sessions forgotten before it runs, again when its answer's
 * headers are written, and once more when it is answered. The handler itself reads the session
 * (caching the old user) before it changes it; were the cache forgotten only on "finish", the
 * page the browser asks for on reading the answer (React Router's revalidation) could come
 * before "finish" under load and show the old name until the next navigation.
 */
export function forgetChangedSessions(sessions: Pick<SessionCache, "forget">) {
  return (req: IncomingMessage & { path: string }, res: ServerResponse, next: () => void): void => {
    if (req.headers.cookie && mayChangeSession(req.method ?? "GET", req.path)) {
      const cookie = req.headers.cookie;
      sessions.forget(cookie);
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        sessions.forget(cookie);
        return writeHead.apply(this, args);
      } as typeof res.writeHead;
      res.once("finish", () => sessions.forget(cookie));
    }
    next();
  };
}
