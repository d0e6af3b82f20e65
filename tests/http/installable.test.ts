import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * Installable (ADR 0013): the web app manifest that makes Chromium offer "Cài đặt ứng dụng", its
 * icons at the sizes phones need, and the title bar in the chosen theme's colour.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

it("every page links the manifest, which names the app in Vietnamese and lists PNG icons of 192 and 512 px, one maskable", async () => {
  const page = await (await fetch(`${server.base}/`)).text();
  expect(page).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"/);

  const response = await fetch(`${server.base}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/manifest+json");
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: expect.stringContaining("Ôn Tập"),
    short_name: "Ôn Tập",
    lang: "vi",
    start_url: "/",
    display: "standalone",
  });
  for (const icon of manifest.icons) {
    const file = await fetch(`${server.base}${icon.src}`);
    expect([icon.src, file.status, file.headers.get("content-type")]).toEqual([
      icon.src,
      200,
      "image/png",
    ]);
    const { width, height, format } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
    expect(format).toBe("png");
  }
  const sizes = manifest.icons.filter((icon) => icon.purpose === "any").map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
});

it("the title bar takes the colour of the theme the student chose", async () => {
  const first = await (await fetch(`${server.base}/`)).text();
  expect(first).toContain('<meta name="theme-color" content="#f28b82"/>');
  const green = await (
    await fetch(`${server.base}/`, { headers: { cookie: "theme=custom-1" } })
  ).text();
  expect(green).toContain('<meta name="theme-color" content="#2b7a3d"/>');
});
