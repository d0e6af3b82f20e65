import type { Server } from "node:http";
import type { Logger } from "./logger.ts";

/**
 * Stops accepting connections, lets in-flight requests finish (closing idle keep-alive
 * sockets at once), then runs `cleanup`. After `timeoutMs` the remaining sockets are cut so a
 * stuck client cannot hold a deploy forever. Resolves once everything is closed.
 */
export function shutDownGracefully(
  server: Server,
  options: { timeoutMs: number; logger: Logger; cleanup: () => Promise<void> },
): Promise<void> {
  const { timeoutMs, logger, cleanup } = options;
  logger.info({ timeoutMs }, "shutting down: waiting for in-flight requests");
  const forced = setTimeout(() => {
    logger.warn("shutdown timeout reached: closing remaining connections");
    server.closeAllConnections();
  }, timeoutMs);
  forced.unref();
  return new Promise<void>((resolve) => {
    server.close(() => {
      clearTimeout(forced);
      cleanup()
        .catch((error: unknown) => logger.error({ err: error }, "cleanup failed during shutdown"))
        .finally(() => {
          logger.info("shutdown complete");
          resolve();
        });
    });
    server.closeIdleConnections();
  });
}
