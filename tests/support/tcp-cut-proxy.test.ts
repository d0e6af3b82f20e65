import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTcpCutProxy, type TcpCutProxy } from "./tcp-cut-proxy.ts";

// The proxy is what the outage tests stand on: if it garbles bytes, they fail for its reasons.
describe("the TCP cut proxy", () => {
  let echo: net.Server;
  let proxy: TcpCutProxy;
  afterEach(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  async function start() {
    echo = net.createServer((socket) => socket.pipe(socket));
    echo.listen(0, "127.0.0.1");
    await new Promise((resolve) => echo.once("listening", resolve));
    proxy = await startTcpCutProxy((echo.address() as net.AddressInfo).port);
    const client = net.connect(proxy.port, "127.0.0.1");
    let received = "";
    client.setEncoding("utf8").on("data", (text: string) => (received += text));
    await new Promise((resolve) => client.once("connect", resolve));
    /** Sends `text` and waits until the echo has come back, plus a moment for any extra copy. */
    const roundTrip = async (text: string) => {
      const before = received.length;
      client.write(text);
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(before + text.length);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return received.slice(before);
    };
    return { client, roundTrip };
  }

  it("restore() on a link that was never cut does not send its bytes twice (the ERR_INVALID_CHUNKED_ENCODING defect)", async () => {
    const { client, roundTrip } = await start();
    expect(await roundTrip("a")).toBe("a");
    proxy.restore();
    expect(await roundTrip("b")).toBe("b");
    client.destroy();
  });

  it("a blackholed link carries its held bytes once, after restore()", async () => {
    const { client, roundTrip } = await start();
    expect(await roundTrip("a")).toBe("a");
    proxy.cut("blackhole");
    client.write("b");
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.restore();
    expect(await roundTrip("c")).toBe("bc");
    client.destroy();
  });
});
