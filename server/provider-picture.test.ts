import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAvatar } from "#db/avatars.ts";
import { createSqliteTestDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { MAX_AVATAR_BYTES } from "./avatar-image.ts";
import {
  adoptProviderPicture,
  fetchPicture,
  isFetchablePictureUrl,
  preferLargerPicture,
} from "./provider-picture.ts";

/** The test server is on 127.0.0.1, which is fetched only as the provider's own host. */
const trustedHosts = ["127.0.0.1"];

let base: string;
let server: http.Server;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({
    create: { width: 64, height: 96, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    switch (req.url) {
      case "/picture.png":
        res.writeHead(200, { "content-type": "image/png" }).end(png);
        return;
      case "/declared-too-large":
        res.writeHead(200, { "content-length": String(MAX_AVATAR_BYTES + 1) });
        res.end(Buffer.alloc(10));
        return;
      case "/streams-too-much": {
        // No length given: the cap has to count the bytes as they come.
        res.writeHead(200, { "content-type": "image/png" });
        const chunk = Buffer.alloc(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent <= MAX_AVATAR_BYTES + chunk.length) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        pump();
        return;
      }
      case "/never":
        // Headers, then nothing: only the timeout ends it.
        res.writeHead(200, { "content-type": "image/png" });
        res.write(png.subarray(0, 10));
        return;
      case "/not-an-image":
        res.writeHead(200, { "content-type": "image/png" }).end("<html>xin chào</html>");
        return;
      default:
        res.writeHead(404).end();
    }
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("fetchPicture", () => {
  it("returns the bytes of a picture", async () => {
    const result = await fetchPicture(`${base}/picture.png`, { trustedHosts });
    expect(result).toEqual({ ok: true, bytes: png });
  });

  it("stops at 1 MB, whether the size is declared or only counted", async () => {
    expect(await fetchPicture(`${base}/declared-too-large`, { trustedHosts })).toMatchObject({
      ok: false,
    });
    const streamed = await fetchPicture(`${base}/streams-too-much`, { trustedHosts });
    expect(streamed).toEqual({ ok: false, reason: `more than ${MAX_AVATAR_BYTES} bytes` });
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    expect(await fetchPicture(`${base}/never`, { timeoutMs: 200, trustedHosts })).toEqual({
      ok: false,
      reason: "timed out",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("fetches only http(s) URLs, and says why when there is nothing", async () => {
    expect(await fetchPicture("file:///etc/passwd")).toMatchObject({ ok: false });
    expect(await fetchPicture("không phải URL")).toMatchObject({ ok: false });
    expect(await fetchPicture(`${base}/missing`, { trustedHosts })).toEqual({
      ok: false,
      reason: "HTTP 404",
    });
  });

  it("never fetches this machine or its networks on a profile's say-so", async () => {
    // The same picture, but the provider is not on 127.0.0.1.
    expect(await fetchPicture(`${base}/picture.png`)).toEqual({
      ok: false,
      reason: `${base} is not fetched`,
    });
    for (const url of [
      "http://example.com/a.png",
      "https://localhost/a.png",
      "https://127.0.0.1/a.png",
      "https://2130706433/a.png",
      "https://10.1.2.3/a.png",
      "https://169.254.169.254/latest/meta-data",
      "https://192.168.1.1/a.png",
      "https://[::1]/a.png",
      "https://[fd00::1]/a.png",
      "https://[::ffff:127.0.0.1]/a.png",
      "https://[::ffff:a9fe:a9fe]/a.png",
      "https://user:pass@example.com/a.png",
    ]) {
      expect(isFetchablePictureUrl(new URL(url)), url).toBe(false);
    }
    for (const url of ["https://lh3.googleusercontent.com/a/x=s96-c", "https://8.8.8.8/a.png"]) {
      expect(isFetchablePictureUrl(new URL(url)), url).toBe(true);
    }
    expect(isFetchablePictureUrl(new URL("http://sso.truong.lan/a.png"), ["sso.truong.lan"])).toBe(
      true,
    );
  });

  it("checks every redirect like the first URL", async () => {
    const redirecting = http.createServer((req, res) => {
      res.writeHead(302, {
        location: req.url === "/away" ? "http://169.254.169.254/x" : `${base}/picture.png`,
      });
      res.end();
    });
    redirecting.listen(0, "127.0.0.2");
    await new Promise((resolve) => redirecting.once("listening", resolve));
    const other = `http://127.0.0.2:${(redirecting.address() as AddressInfo).port}`;
    try {
      const trusted = ["127.0.0.1", "127.0.0.2"];
      expect(await fetchPicture(`${other}/here`, { trustedHosts: trusted })).toEqual({
        ok: true,
        bytes: png,
      });
      expect(await fetchPicture(`${other}/away`, { trustedHosts: trusted })).toEqual({
        ok: false,
        reason: "http://169.254.169.254 is not fetched",
      });
      // A redirect back onto a host that is not the provider's: refused.
      expect(await fetchPicture(`${other}/here`, { trustedHosts: ["127.0.0.2"] })).toMatchObject({
        ok: false,
      });
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it("asks Google for the stored size rather than its 96-pixel default", () => {
    const url = new URL("https://lh3.googleusercontent.com/a/ACg8ocK-abc=s96-c");
    expect(preferLargerPicture(url).href).toBe(
      "https://lh3.googleusercontent.com/a/ACg8ocK-abc=s256-c",
    );
    const other = new URL("https://sso.truong.edu.vn/avatar=s96-c");
    expect(preferLargerPicture(other)).toBe(other);
  });
});

describe("adoptProviderPicture", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSqliteTestDatabase();
    const now = new Date().toISOString();
    await database.db
      .insertInto("user")
      .values(
        ["user_1", "user_2", "user_3"].map((id) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: 1,
          image: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  });
  afterAll(() => database?.destroy());
  const setImageOf = (id: string, images: string[]) => async (image: string) => {
    images.push(image);
    await database.db.updateTable("user").set({ image }).where("id", "=", id).execute();
  };

  it("stores the picture as the user's avatar and points the user at it", async () => {
    const images: string[] = [];
    const image = await adoptProviderPicture({
      pictureUrl: `${base}/picture.png`,
      userId: "user_1",
      db: database.db,
      setImage: setImageOf("user_1", images),
      warn: () => expect.unreachable(),
      trustedHosts,
    });
    expect(image).toMatch(/^\/avatars\/user_1-[0-9a-f]{16}\.webp$/);
    expect(images).toEqual([image]);
    const bytes = await readAvatar(database.db, image!.slice("/avatars/".length));
    const metadata = await sharp(bytes!).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("leaves the placeholder, and only logs, when anything goes wrong", async () => {
    for (const pictureUrl of [`${base}/missing`, `${base}/not-an-image`, "http://127.0.0.1:1/x"]) {
      const warnings: string[] = [];
      const image = await adoptProviderPicture({
        pictureUrl,
        userId: "user_2",
        db: database.db,
        setImage: async () => expect.unreachable(),
        warn: (_details, message) => void warnings.push(message),
        trustedHosts,
      });
      expect(image).toBeNull();
      expect(warnings).toHaveLength(1);
    }
    const warnings: string[] = [];
    const image = await adoptProviderPicture({
      pictureUrl: `${base}/picture.png`,
      userId: "user_3",
      db: database.db,
      setImage: async () => {
        throw new Error("the database is gone");
      },
      warn: (_details, message) => void warnings.push(message),
      trustedHosts,
    });
    expect(image).toBeNull();
    expect(warnings).toEqual(["could not store the provider's picture"]);
    // The picture stored before the failed setImage is not left behind.
    expect(
      await database.db
        .selectFrom("avatar")
        .select("name")
        .where("user_id", "=", "user_3")
        .execute(),
    ).toEqual([]);
  });
});
