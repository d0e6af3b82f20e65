import net from "node:net";

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL, Redis) that a test can cut and
 * restore, so an outage is made without stopping the server other tests share.
 * - "refuse": open connections are reset and new ones refused, as when the server is down;
 * - "blackhole": nothing goes through either way and new connections get no answer, as when
 *   the network path is dead; on restore the held bytes flow again, as TCP retransmits them.
 */
export interface TcpCutProxy {
  port: number;
  cut(mode?: "refuse" | "blackhole"): void;
  /** From now on connect to another server (a new build); open connections are reset. */
  retarget(port: number): void;
  restore(): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startTcpCutProxy(
  targetPort: number,
  targetHost = "127.0.0.1",
): Promise<TcpCutProxy> {
  let mode: "open" | "refuse" | "blackhole" = "open";
  let target = targetPort;
  const links = new Set<Link>();
  const waiting = new Set<net.Socket>();

  const join = (client: net.Socket) => {
    const upstream = net.connect(target, targetHost);
    const link = { client, upstream };
    links.add(link);
    const end = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", end);
    upstream.once("close", end);
    client.once("close", end);
    client.pipe(upstream).pipe(client);
  };

  const server = net.createServer((client) => {
    client.on("error", () => undefined);
    if (mode === "refuse") return client.resetAndDestroy();
    if (mode === "blackhole") {
      waiting.add(client);
      client.once("close", () => waiting.delete(client));
      return;
    }
    join(client);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut(to = "refuse") {
      mode = to;
      for (const { client, upstream } of links) {
        if (to === "refuse") {
          client.resetAndDestroy();
          upstream.destroy();
        } else {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
        }
      }
    },
    retarget(port) {
      target = port;
      for (const { client, upstream } of links) {
        client.resetAndDestroy();
        upstream.destroy();
      }
    },
    restore() {
      // Only links a blackhole unpiped are piped again: piping an open link a second time sent
      // every byte of its answers twice (the browser saw ERR_INVALID_CHUNKED_ENCODING).
      const unpiped = mode === "blackhole";
      mode = "open";
      for (const { client, upstream } of unpiped ? links : []) {
        client.pipe(upstream).pipe(client);
        client.resume();
        upstream.resume();
      }
      for (const client of waiting) join(client);
      waiting.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of links) {
          client.destroy();
          upstream.destroy();
        }
        for (const client of waiting) client.destroy();
        server.close(() => resolve());
      }),
  };
}
