import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import onHeaders from "on-headers";
import type { Logger } from "./logger.ts";

const netClose = NetServer.prototype.close;

/** Servers that are shutting down: every answer they still send closes its connection. */
const stopping = new WeakSet<Server>();

/**
 * Call once on a new server: from the moment shutDownGracefully starts, every answer still to
 * be sent (in flight, or a request that arrives on a kept-alive connection) carries
 * `Connection: close`, so no client sends another request on a connection that is about to go.
 */
export function closeConnectionsWhenStopping(server: Server): void {
  server.on("request", (_req, res) => {
    onHeaders(res, () => {
      if (stopping.has(server)) res.setHeader("connection", "close");
    });
  });
}

/**
 * Stops accepting connections, tells kept-alive clients to close (see above) and closes idle
 * sockets after IDLE_GRACE_MS, lets in-flight requests finish, then runs `cleanup`. After `timeoutMs` the
 * remaining sockets are cut so a stuck client cannot hold a deploy forever. Resolves once
 * everything is closed.
 */
export function shutDownGracefully(
  server: Server,
  options: { timeoutMs: number; logger: Logger; cleanup: () => Promise<void> },
): Promise<void> {
  const { timeoutMs, logger, cleanup } = options;
  logger.info({ timeoutMs }, "shutting down: waiting for in-flight requests");
  stopping.add(server);
  const forced = setTimeout(() => {
    logger.warn("shutdown timeout reached: closing remaining connections");
    server.closeAllConnections();
  }, timeoutMs);
  forced.unref();
  return new Promise<void>((resolve) => {
    // net.Server's close: stop accepting connections, and call back once every connection has
    // ended. http.Server's own close would also close idle kept-alive connections at once,
    // resetting any request a client is sending on one at that moment (see below).
    netClose.call(server, () => {
      clearTimeout(forced);
      cleanup()
        .catch((error: unknown) => logger.error({ err: error }, "cleanup failed during shutdown"))
        .finally(() => {
          logger.info("shutdown complete");
          resolve();
        });
    });
    // A connection idle right now may carry a request the client is sending at this very
    // moment: closing it at once would reset that request. For a moment, such a request is
    // answered (with Connection: close); what is still idle after that is closed.
    const idle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
    idle.unref();
    server.once("close", () => {
      clearTimeout(idle);
      // Whatever else http.Server's close does (its timers), once nothing is left.
      server.closeIdleConnections();
    });
  });
}

/** How long a kept-alive connection that is idle when shutdown starts may still send a request. */
const IDLE_GRACE_MS = 1000;
