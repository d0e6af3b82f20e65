import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The load balancer of the cluster tests: each request goes to the next instance in turn, like
 * nginx's default `upstream`. An instance that refuses the connection is skipped, and an
 * idempotent request (GET, HEAD) whose instance died under it is tried on the next one, as
 * nginx's `proxy_next_upstream error` does. Not for production: no timeouts, bodies buffered.
 */
export interface RoundRobinProxy {
  base: string;
  /** The index of the instance that answered each request, in order. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = next;
    next = (next + 1) % ports.length;
    for (let tried = 0; tried < ports.length; tried += 1) {
      const index = (first + tried) % ports.length;
      const outcome = await forward(req, body, ports[index]!, res);
      if (outcome === "answered") {
        served.push(index);
        return;
      }
      const idempotent = req.method === "GET" || req.method === "HEAD";
      if (outcome === "failed" && !idempotent) break;
    }
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end("no instance answered");
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** "refused": nothing reached the instance; "failed": it died before answering. */
function forward(
  req: http.IncomingMessage,
  body: Buffer,
  port: number,
  res: http.ServerResponse,
): Promise<"answered" | "refused" | "failed"> {
  return new Promise((resolve) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: "close" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // An instance that dies in the middle of its answer: the client sees the connection cut.
        answer.once("close", () => {
          if (!answer.complete) res.destroy();
          resolve("answered");
        });
        answer.once("error", () => undefined);
      },
    );
    upstream.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" ? "refused" : "failed"),
    );
    upstream.end(body);
  });
}
