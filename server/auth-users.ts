import type { AuthContext, BetterAuthOptions } from "better-auth";
import type { Kysely } from "kysely";
import { purgeOrphanPractices } from "#db/own-practices.ts";
import type { DB } from "#db/schema.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { adoptProviderPicture } from "./provider-picture.ts";
import { authTypeOf, selectProviderHosts } from "./sign-in-providers.ts";

/** What better-auth does around the rows of a user and a session (`databaseHooks`, deletion). */

interface UserHookDeps {
  env: Env;
  db: Kysely<DB>;
  log: Logger;
  /** better-auth's context, once it exists (the hooks are part of its options). */
  context: () => Promise<AuthContext>;
}

/**
 * A provider's new user: its name and email as given, its picture fetched afterwards. The
 * picture's URL is taken off the new user row before it is written (the row only ever points
 * at our own /avatars/…) and handed to the after-create hook, keyed by the request that
 * creates the user. A session records how the user signed in (the spec's authType).
 */
export function createDatabaseHooks({ env, db, log, context }: UserHookDeps) {
  const pendingPictures = new WeakMap<object, string>();
  return {
    user: {
      create: {
        before: async (user, hookContext) => {
          const picture = user.image;
          const name = user.name?.trim() || user.email.split("@")[0] || user.email;
          if (picture && hookContext) pendingPictures.set(hookContext, picture);
          return { data: { ...user, name, image: null } };
        },
        // Runs once the user row is committed, before the session is made: the first page
        // after sign-in already shows the picture. Never throws (see provider-picture.ts).
        after: async (user, hookContext) => {
          const pictureUrl = hookContext ? pendingPictures.get(hookContext) : undefined;
          if (!hookContext || !pictureUrl) return;
          pendingPictures.delete(hookContext);
          await adoptProviderPicture({
            pictureUrl,
            userId: user.id,
            db,
            // Straight through the adapter: the image lock guards what a browser may send to
            // /update-user; this is the server setting the user's own upload.
            setImage: async (image) => {
              await (await context()).internalAdapter.updateUser(user.id, { image });
            },
            warn: (details, message) => log.warn(details, message),
            trustedHosts: selectProviderHosts(env),
          });
        },
      },
    },
    session: {
      create: {
        // "password", "google" or "oidc".
        before: async (session, hookContext) => ({
          data: { ...session, authType: authTypeOf(hookContext) },
        }),
      },
    },
  } satisfies BetterAuthOptions["databaseHooks"];
}

/**
 * After an account is deleted (its sessions, linked accounts and pictures go with it, by
 * cascade): its verification rows (no foreign key to cascade: unused reset tokens and
 * the verification-mail counter both hold the user's id as their value). The account is
 * already gone by then: a failure here is logged, never turned into an error for the user.
 */
export function removeUserLeftovers({ log, context, db }: Omit<UserHookDeps, "env">) {
  return async (user: { id: string }) => {
    // The user's own practices lost their owner with the user row (cascade): those nobody else
    // attempted go now; those somebody did stay, unreachable, for their replays (ADR 0012).
    try {
      await purgeOrphanPractices(db);
    } catch (error) {
      log.error({ err: error, userId: user.id }, "could not purge the user's practices");
    }
    try {
      await (
        await context()
      ).adapter.deleteMany({
        model: "verification",
        where: [{ field: "value", value: user.id }],
      });
    } catch (error) {
      log.error({ err: error, userId: user.id }, "could not remove the verification rows");
    }
  };
}
