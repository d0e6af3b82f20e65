import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PARSE_LIMITS } from "#content/parse-limits.ts";
import { startAppProcess, type AppProcess } from "#tests/support/app-process.ts";
import { postSignUp, sessionCookie } from "#tests/support/test-server.ts";
import {
  HTML_NAMED_PNG,
  manyPixelsPng,
  pngClaiming,
  SCRIPTED_SVG,
} from "#tests/support/test-pictures.ts";

/**
 * Issue 26: a signed-in student uploads what a picture upload must never decode (a 40-megapixel
 * PNG, a PNG whose header claims 100,000 × 100,000, an SVG with a script, a web page named .png,
 * 11 MB of bytes) to the production server (`node build/host/index.js`), twice over at once,
 * beside the heaviest picture it does take (24 megapixels). Each hostile one is a 4xx with its
 * Vietnamese reason; /healthz answers throughout; the process's memory stays under the parse
 * pool's stated cap (as for hostile texts: tests/http/hostile-parse-inputs.test.ts).
 */
const MEMORY_CAP_MB = PARSE_LIMITS.threads * (PARSE_LIMITS.memoryMb + 128);
const PICTURES = serverVi.pictures;

let app: AppProcess;
let cookie: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "on-tap-hostile-pictures-"));
  app = await startAppProcess("hostile pictures", {
    DATA_DIR: dir,
    DATABASE_URL: path.join(dir, "db.sqlite"),
    WEB_CONCURRENCY: "1",
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "t".repeat(40),
    AUTH_RATE_LIMIT: "false",
    LOG_LEVEL: "info",
    // The 24-megapixel picture takes about 1.5 s to encode alone on a quiet machine; beside
    // other suites on two cores it could pass the 3 s default and be refused as too costly.
    // The hostile ones never reach the encoder.
    PARSE_TIME_LIMIT_MS: "30000",
  });
  cookie = sessionCookie(await postSignUp(app.base, { email: "anh-doc@example.com" }));
}, 120_000);

afterAll(async () => {
  await app?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Resident memory of the server process, its parse threads included, in MB. */
function residentMb(): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.process.pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) / 1024;
}

interface Answer {
  name: string;
  status: number;
  message?: string;
}

async function upload(name: string, body: Uint8Array, type = "image/png"): Promise<Answer> {
  try {
    const response = await fetch(`${app.base}/api/pictures`, {
      method: "POST",
      headers: { cookie, origin: app.base, "content-type": type },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(60_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    return {
      name,
      status: response.status,
      ...(answer.message ? { message: answer.message } : {}),
    };
  } catch {
    return { name, status: 0 };
  }
}

/** A smooth 6000 × 4000 photo (a few hundred KB as JPEG): 24 million pixels to decode. */
async function bigPhoto(): Promise<Buffer> {
  const corners = await sharp(Buffer.from([200, 40, 40, 40, 160, 60, 40, 60, 200, 230, 220, 90]), {
    raw: { width: 2, height: 2, channels: 3 },
  })
    .png()
    .toBuffer();
  return sharp(corners).resize(6000, 4000, { kernel: "cubic" }).jpeg({ quality: 85 }).toBuffer();
}

describe("a signed-in student uploads pictures built to hurt the server", () => {
  it(
    "each is refused with a 4xx in Vietnamese, /healthz answers throughout, memory stays under the pool's cap",
    { timeout: 240_000 },
    async ({ annotate }) => {
      const [manyPixels, claiming, photo] = await Promise.all([
        manyPixelsPng(40),
        pngClaiming(100_000, 100_000),
        bigPhoto(),
      ]);
      const hostile: {
        name: string;
        body: Uint8Array;
        type?: string;
        status: number;
        message: string;
      }[] = [
        {
          name: "40 MP PNG",
          body: manyPixels,
          status: 422,
          message: PICTURES.tooManyPixels("Hình"),
        },
        {
          name: "PNG claiming 100,000 × 100,000",
          body: claiming,
          status: 422,
          message: PICTURES.tooManyPixels("Hình"),
        },
        {
          name: "SVG with a script",
          body: SCRIPTED_SVG,
          type: "image/svg+xml",
          status: 422,
          message: PICTURES.svg("Hình"),
        },
        {
          name: "HTML named .png",
          body: HTML_NAMED_PNG,
          status: 422,
          message: PICTURES.notAnImage("Hình"),
        },
        {
          name: "11 MB of bytes",
          body: new Uint8Array(randomBytes(11 * 1024 * 1024)),
          status: 413,
          message: PICTURES.tooManyBytes("Hình", 10),
        },
      ];
      // The server's own memory after start-up and a sign-up, before any picture.
      const idle = residentMb();
      let peak = idle;
      const probes: { ok: boolean; ms: number }[] = [];
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const started = performance.now();
          const ok = await fetch(`${app.base}/healthz`, { signal: AbortSignal.timeout(10_000) })
            .then((response) => response.status === 200)
            .catch(() => false);
          probes.push({ ok, ms: performance.now() - started });
          peak = Math.max(peak, residentMb());
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();

      // Twice over, at once, so both parse threads get hostile work, with the real photo beside.
      const answers = await Promise.all([
        ...[1, 2].flatMap((round) =>
          hostile.map((attack) => upload(`${attack.name} ${round}`, attack.body, attack.type)),
        ),
        upload("24 MP photo", photo, "image/jpeg"),
      ]);
      probing = false;
      await probe;

      for (const [index, answer] of answers.slice(0, -1).entries()) {
        const expected = hostile[index % hostile.length]!;
        expect(answer, answer.name).toEqual({
          name: answer.name,
          status: expected.status,
          message: expected.message,
        });
      }
      expect(answers.at(-1)!.status, JSON.stringify(answers.at(-1))).toBe(200);

      expect(probes.length).toBeGreaterThan(3);
      expect(
        probes.filter((p) => !p.ok),
        "/healthz did not answer 200 while the pictures were processed",
      ).toEqual([]);
      expect(
        peak - idle,
        `resident memory ${idle.toFixed(0)} → ${peak.toFixed(0)} MB`,
      ).toBeLessThan(MEMORY_CAP_MB);
      await annotate(
        `/healthz: ${probes.length} probes, slowest ${Math.max(...probes.map((p) => p.ms)).toFixed(0)} ms; ` +
          `resident memory ${idle.toFixed(0)} MB idle, ${peak.toFixed(0)} MB at peak (cap ${MEMORY_CAP_MB} MB above idle)`,
      );
    },
  );

  it("the server still takes an ordinary picture afterwards", async () => {
    const ordinary = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#2da44e" },
    })
      .png()
      .toBuffer();
    const answer = await upload("ordinary", ordinary);
    expect(answer.status).toBe(200);
  });
});
