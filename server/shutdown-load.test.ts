import { createServer } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { closeConnectionsWhenStopping, shutDownGracefully } from "./shutdown.ts";

/** One GET over a kept-alive agent: "ok", "refused" (no connection), or the error's code. */
function get(agent: http.Agent, port: number): Promise<{ outcome: string; connection?: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          outcome: res.statusCode === 200 ? "ok" : `status ${res.statusCode}`,
          connection: res.headers.connection,
        }),
      );
      res.on("error", (e: NodeJS.ErrnoException) =>
        resolve({ outcome: `cut: ${e.code ?? e.message}` }),
      );
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      resolve({ outcome: e.code === "ECONNREFUSED" ? "refused" : `cut: ${e.code ?? e.message}` }),
    );
  });
}

it("SIGTERM under load: kept-alive connections are told to close, in-flight requests finish, none is cut", async () => {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end("xong"), 20 + Math.random() * 60);
  });
  closeConnectionsWhenStopping(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const outcomes: { outcome: string; connection?: string }[] = [];
  let stop = false;
  const clients = Array.from({ length: 20 }, async () => {
    while (!stop) outcomes.push(await get(agent, port));
  });
  while (outcomes.length < 100) await new Promise((resolve) => setTimeout(resolve, 20));
  const done = shutDownGracefully(server, {
    timeoutMs: 5000,
    logger: createLogger("silent"),
    cleanup: async () => {},
  });
  await done;
  stop = true;
  await Promise.all(clients);
  agent.destroy();
  const cut = outcomes.filter((o) => o.outcome.startsWith("cut") || o.outcome.startsWith("status"));
  expect(outcomes.filter((o) => o.outcome === "ok").length).toBeGreaterThanOrEqual(100);
  expect(cut).toEqual([]);
  // The answers sent while stopping told their kept-alive clients to close.
  expect(outcomes.some((o) => o.connection === "close")).toBe(true);
});
