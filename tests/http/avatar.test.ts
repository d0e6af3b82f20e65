import { request as httpRequest } from "node:http";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { MAX_AVATAR_BYTES, processAvatar } from "#server/avatar-image.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

// ---- images, made here -------------------------------------------------------------------

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** Random pixels: they compress badly, so sizes are realistic. */
function noise(width: number, height: number, channels: 3 | 4 = 3) {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width, height, channels } });
}

/** Left half red, right half blue. */
function halves(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: BLUE } },
      left: width / 2,
      top: 0,
    },
  ]);
}

const png = () => noise(300, 200, 4).png().toBuffer();
/** Stored 400×200 (red left, blue right), EXIF orientation 6: shown 200×400, red on top. */
const rotatedJpeg = async () =>
  halves(400, 200)
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: "secret", Artist: "Someone" } })
    .toBuffer()
    .then((jpeg) => sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer());
/** Two frames of 120×80: red, then blue. */
async function animatedGif() {
  const frame = (background: typeof RED) =>
    sharp({ create: { width: 120, height: 80, channels: 3, background } })
      .raw()
      .toBuffer();
  return sharp(Buffer.concat([await frame(RED), await frame(BLUE)]), {
    raw: { width: 120, height: 160, channels: 3, pageHeight: 80 },
  })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
}

/** A small real PNG whose IHDR claims another size (CRC fixed, so the header is valid). */
async function pngClaiming(width: number, height: number) {
  const bytes = Buffer.from(await noise(16, 16).png().toBuffer());
  // Signature (8), length (4), "IHDR" (4), then width and height.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

// ---- the server ---------------------------------------------------------------------------

let userCount = 0;
async function register(): Promise<{ id: string; cookie: string; email: string }> {
  const email = `anh${++userCount}@example.com`;
  return { ...(await signUp(server, { email, fullName: "Ảnh Đại Diện" })), email };
}

function upload(
  body: Buffer | Uint8Array,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.base}/api/avatar`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", cookie, ...headers },
    body: new Uint8Array(body),
  });
}

async function imageOf(id: string): Promise<string | null> {
  const row = await server.database.db
    .selectFrom("user")
    .select("image")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.image;
}

/** The names of every stored picture (the avatar table). */
async function storedFiles(): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom("avatar")
    .select("name")
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}

/** The stored picture named by an image path, or undefined. */
async function storedBytes(image: string): Promise<Buffer | undefined> {
  const row = await server.database.db
    .selectFrom("avatar")
    .select("bytes")
    .where("name", "=", path.basename(image))
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

async function expectStoredAvatar(image: string, id: string) {
  expect(image).toMatch(new RegExp(`^/avatars/${id}-[0-9a-f]{16}\\.webp$`));
  const file = await storedBytes(image);
  expect(file).toBeDefined();
  const metadata = await sharp(file).metadata();
  expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expect(metadata.pages ?? 1).toBe(1);
  expect(await imageOf(id)).toBe(image);
  return file!;
}

/** The colour at (x, y) of a stored avatar, as [r, g, b]. */
async function pixel(file: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(file)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 200;

describe("POST /api/avatar", () => {
  it("stores a PNG as a 256×256 WebP, served with a strong ETag, cached forever, 304 on revalidation", async () => {
    const { id, cookie } = await register();
    const response = await upload(await png(), cookie, { "content-type": "image/png" });
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as { image: string };
    const file = await expectStoredAvatar(image, id);

    const served = await fetch(`${server.base}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    expect(bytes.equals(file)).toBe(true);

    const again = await fetch(`${server.base}${image}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const other = await fetch(`${server.base}${image}`, {
      headers: { "if-none-match": '"0000000000000000"' },
    });
    expect(other.status).toBe(200);
  });

  it("turns a JPEG upright by its EXIF orientation, crops the centre and keeps no metadata", async () => {
    const { id, cookie } = await register();
    const jpeg = await rotatedJpeg();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const response = await upload(jpeg, cookie, { "content-type": "image/jpeg" });
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as { image: string };
    const file = await expectStoredAvatar(image, id);
    // Upright it is red above blue; unrotated it would be red left of blue.
    expect(isRed(await pixel(file, 128, 20))).toBe(true);
    expect(isBlue(await pixel(file, 128, 235))).toBe(true);
    expect(isRed(await pixel(file, 235, 20))).toBe(true);
  });

  it("keeps the first frame of an animated GIF, whatever the declared type or file name", async () => {
    const { id, cookie } = await register();
    const gif = await animatedGif();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const response = await upload(gif, cookie, {
      "content-type": "text/plain",
      "content-disposition": 'attachment; filename="notes.txt"',
    });
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as { image: string };
    const file = await expectStoredAvatar(image, id);
    expect(isRed(await pixel(file, 128, 128))).toBe(true);
  });

  it("replaces the previous avatar and deletes the old picture; the same picture again keeps it", async () => {
    const { id, cookie } = await register();
    const first = (await (await upload(await png(), cookie)).json()) as { image: string };
    expect(await storedBytes(first.image)).toBeDefined();

    const gif = await animatedGif();
    const second = (await (await upload(gif, cookie)).json()) as { image: string };
    expect(second.image).not.toBe(first.image);
    await expectStoredAvatar(second.image, id);
    expect(await storedBytes(first.image)).toBeUndefined();
    expect((await fetch(`${server.base}${first.image}`)).status).toBe(404);

    const same = (await (await upload(gif, cookie)).json()) as { image: string };
    expect(same.image).toBe(second.image);
    await expectStoredAvatar(same.image, id);
    expect((await storedFiles()).filter((name) => name.startsWith(`${id}-`))).toEqual([
      path.basename(second.image),
    ]);
    expect((await storedFiles()).filter((name) => name.startsWith("."))).toEqual([]);
  });

  describe("refuses, and stores nothing", () => {
    let user: { id: string; cookie: string };
    let before: { files: string[]; image: string | null };

    beforeAll(async () => {
      user = await register();
      const response = await upload(await png(), user.cookie);
      expect(response.status).toBe(200);
      before = { files: await storedFiles(), image: await imageOf(user.id) };
    });

    async function expectRefused(
      response: Response,
      status: number,
      code: string,
      message: string,
    ): Promise<void> {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ code, message });
      expect(await storedFiles()).toEqual(before.files);
      expect(await imageOf(user.id)).toBe(before.image);
    }

    const NOT_AN_IMAGE = "Vui lòng chọn file hình ảnh";
    const TOO_LARGE = "Vui lòng chọn ảnh có kích thước dưới 1MB và tỉ lệ 1:1";

    it("a text file named .png and declared image/png", async () => {
      const text = Buffer.from("Đây không phải là ảnh.\n".repeat(20));
      await expectRefused(
        await upload(text, user.cookie, {
          "content-type": "image/png",
          "content-disposition": 'attachment; filename="anh.png"',
        }),
        415,
        "NOT_AN_IMAGE",
        NOT_AN_IMAGE,
      );
    });

    it("an empty body", async () => {
      await expectRefused(
        await upload(Buffer.alloc(0), user.cookie),
        415,
        "NOT_AN_IMAGE",
        NOT_AN_IMAGE,
      );
    });

    it("an SVG", async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      );
      await expectRefused(
        await upload(svg, user.cookie, { "content-type": "image/svg+xml" }),
        415,
        "NOT_AN_IMAGE",
        NOT_AN_IMAGE,
      );
    });

    it("a WebP, an AVIF, a TIFF and a PDF", async () => {
      const others = [
        await noise(64, 64).webp().toBuffer(),
        await noise(64, 64).avif().toBuffer(),
        await noise(64, 64).tiff().toBuffer(),
        Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n"),
      ];
      for (const bytes of others) {
        await expectRefused(
          await upload(bytes, user.cookie, { "content-type": "image/png" }),
          415,
          "NOT_AN_IMAGE",
          NOT_AN_IMAGE,
        );
      }
    });

    it("a PNG of 6000×6000 (36 megapixels, tiny on disk)", async () => {
      const huge = await sharp({
        create: { width: 6000, height: 6000, channels: 3, background: RED },
      })
        .png()
        .toBuffer();
      expect(huge.length).toBeLessThan(MAX_AVATAR_BYTES);
      await expectRefused(await upload(huge, user.cookie), 422, "TOO_LARGE", TOO_LARGE);
    });

    it("a PNG whose header claims 10000×10000", async () => {
      const bomb = await pngClaiming(10_000, 10_000);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
        width: 10_000,
        height: 10_000,
      });
      await expectRefused(await upload(bomb, user.cookie), 422, "TOO_LARGE", TOO_LARGE);
    });

    it("a truncated JPEG and a truncated PNG", async () => {
      const jpeg = await noise(400, 300).jpeg({ quality: 90 }).toBuffer();
      await expectRefused(
        await upload(jpeg.subarray(0, jpeg.length >> 1), user.cookie),
        422,
        "BAD_IMAGE",
        NOT_AN_IMAGE,
      );
      const whole = await noise(300, 200).png().toBuffer();
      await expectRefused(
        await upload(whole.subarray(0, whole.length >> 1), user.cookie),
        422,
        "BAD_IMAGE",
        NOT_AN_IMAGE,
      );
    });

    it("a body of 1,048,577 bytes, with or without a Content-Length, and still answers", async () => {
      const jpeg = await noise(64, 64).jpeg().toBuffer();
      const body = Buffer.alloc(MAX_AVATAR_BYTES + 1);
      jpeg.copy(body);
      await expectRefused(await upload(body, user.cookie), 413, "TOO_LARGE", TOO_LARGE);

      // Chunked: the limit is enforced while reading, not only from the header.
      const chunked = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < body.length; offset += 65_536)
            controller.enqueue(new Uint8Array(body.subarray(offset, offset + 65_536)));
          controller.close();
        },
      });
      const response = await fetch(`${server.base}/api/avatar`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream", cookie: user.cookie },
        body: chunked,
        duplex: "half",
      } as RequestInit);
      await expectRefused(response, 413, "TOO_LARGE", TOO_LARGE);

      // Exactly the limit is not too large (here: not an image).
      const limit = Buffer.alloc(MAX_AVATAR_BYTES);
      await expectRefused(await upload(limit, user.cookie), 415, "NOT_AN_IMAGE", NOT_AN_IMAGE);
    });

    it("without a session: 401", async () => {
      await expectRefused(
        await upload(await png(), ""),
        401,
        "UNAUTHENTICATED",
        "Vui lòng đăng nhập để thay ảnh đại diện",
      );
      await expectRefused(
        await upload(await png(), "better-auth.session_token=forged.value"),
        401,
        "UNAUTHENTICATED",
        "Vui lòng đăng nhập để thay ảnh đại diện",
      );
    });

    it("from another origin: 403", async () => {
      const response = await upload(await png(), user.cookie, { origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe("INVALID_ORIGIN");
      const crossSite = await upload(await png(), user.cookie, { "sec-fetch-site": "cross-site" });
      expect(crossSite.status).toBe(403);
      expect(await storedFiles()).toEqual(before.files);
      expect(await imageOf(user.id)).toBe(before.image);
    });

    it("but accepts this server's own origin", async () => {
      const response = await upload(await png(), user.cookie, {
        origin: server.base,
        "sec-fetch-site": "same-origin",
      });
      expect(response.status).toBe(200);
    });
  });
});

describe("GET /avatars/:file", () => {
  /** A raw request, so the path reaches the server exactly as written. */
  function rawGet(pathname: string): Promise<number> {
    const url = new URL(server.base);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: pathname, method: "GET" },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("answers 404 for unknown names and never serves a file of the server", async () => {
    expect((await fetch(`${server.base}/avatars/abc-0123456789abcdef.webp`)).status).toBe(404);
    expect((await fetch(`${server.base}/avatars/nothing.webp`)).status).toBe(404);
    for (const pathname of [
      "/avatars/../package.json",
      "/avatars/..%2f..%2fpackage.json",
      "/avatars/%2e%2e%2f%2e%2e%2fpackage.json",
      "/avatars/..%5c..%5cpackage.json",
      "/avatars/a/../../package.json",
      "/avatars/..",
      "/avatars/",
    ]) {
      expect([pathname, await rawGet(pathname)]).toEqual([pathname, 404]);
    }
  });
});

describe("account deletion", () => {
  it("removes the user's pictures", async () => {
    const { id, cookie, email } = await register();
    const response = await upload(await png(), cookie);
    const { image } = (await response.json()) as { image: string };
    expect(await storedBytes(image)).toBeDefined();
    const others = (await storedFiles()).filter((name) => !name.startsWith(`${id}-`));

    const deleted = await postForm(
      server.base,
      "/profile",
      { intent: "delete", confirmEmail: email, password: "matkhau1" },
      { cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await storedBytes(image)).toBeUndefined();
    expect(await storedFiles()).toEqual(others);
    expect((await fetch(`${server.base}${image}`)).status).toBe(404);
  });
});

describe("processAvatar", () => {
  it("works on bytes alone, for a provider's picture fetched at sign-in", async () => {
    const result = await processAvatar(await rotatedJpeg());
    expect(result.ok).toBe(true);
    if (result.ok) expect((await sharp(result.webp).metadata()).width).toBe(256);
    expect(await processAvatar(Buffer.from("<svg/>"))).toMatchObject({
      ok: false,
      status: 415,
      code: "NOT_AN_IMAGE",
    });
  });
});
