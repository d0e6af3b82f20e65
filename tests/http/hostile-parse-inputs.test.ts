import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARSE_LIMITS } from "#content/parse-limits.ts";
import { postSignUp, sessionCookie } from "#tests/support/test-server.ts";
import {
  HOSTILE_TEXTS,
  manyParagraphsDocx,
  manyQuestionParagraphsDocx,
  nestedSdtDocx,
} from "#tests/support/hostile-parse-inputs.ts";

/**
 * ADR 0015: any signed-in student could stall the server, because the
 * preview and the saves converted and parsed inside the web process with no bound on time or
 * memory. Here the production server (`node build/host/index.js`) runs as deployed, two
 * cluster workers, and a student sends the attackers' texts and Word files to both at once:
 * each must be refused or answered within 5 s while /healthz answers within 1 s throughout,
 * and the memory must stay under the pool's stated cap.
 */
const root = path.resolve(import.meta.dirname, "../..");
const WORKERS = 2;
/** The stated cap, per process: its threads' heaps and what a Word file may unzip to, above idle. */
const MEMORY_CAP_MB = PARSE_LIMITS.threads * (PARSE_LIMITS.memoryMb + 128);

let child: ChildProcess;
let base: string;
let cookie: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "on-tap-hostile-"));
  child = spawn(process.execPath, ["build/host/index.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, "db.sqlite"),
      WEB_CONCURRENCY: String(WORKERS),
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "t".repeat(40),
      AUTH_RATE_LIMIT: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 90_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.match(/is listening on http:\/\/localhost:(\d+)/g) ?? [];
      if (lines.length === WORKERS) {
        clearTimeout(timer);
        resolve(/(\d+)$/.exec(lines[0]!)![1]!);
      }
    });
  });
  base = `http://127.0.0.1:${port}`;
  cookie = sessionCookie(await postSignUp(base, { email: "ke-tan-cong@example.com" }));
}, 120_000);

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Resident memory of the primary and its workers (threads included), in MB. */
function memoryByProcess(): number[] {
  const pids = [
    child.pid!,
    ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .map(Number),
  ];
  return pids.map((pid) => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      return Number(kb ?? 0) / 1024;
    } catch {
      return 0;
    }
  });
}

interface Answer {
  name: string;
  status: number;
  ms: number;
  message?: string;
}

/** One request, timed; a request with no answer after 20 s is recorded as one (status 0). */
async function timed(name: string, send: () => Promise<Response>): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await send();
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return {
      name,
      status: response.status,
      ms: performance.now() - started,
      ...(body.message ? { message: body.message } : {}),
    };
  } catch {
    return { name, status: 0, ms: performance.now() - started };
  }
}

function previewText(text: string) {
  const form = new FormData();
  form.set("text", text);
  return fetch(`${base}/my-practices/preview`, {
    method: "POST",
    headers: { cookie },
    body: form,
    signal: AbortSignal.timeout(20_000),
  });
}

function previewFile(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  return fetch(`${base}/my-practices/preview`, {
    method: "POST",
    headers: { cookie },
    body: form,
    signal: AbortSignal.timeout(20_000),
  });
}

function save(text: string) {
  const form = new FormData();
  form.set("title", "Đề tấn công");
  form.set("text", text);
  return fetch(`${base}/my-practices/new`, {
    method: "POST",
    headers: { cookie, accept: "text/html" },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
}

describe("a signed-in student stalls the server with hostile texts and Word files", () => {
  it(
    "each is refused or answered within 5 s while /healthz answers within 1 s throughout, both workers busy, memory under the stated cap",
    { timeout: 180_000 },
    async () => {
      const [paragraphs, nested, slowButSmall] = await Promise.all([
        manyParagraphsDocx(20),
        nestedSdtDocx(1_000_000),
        // Under every size cap, yet more than the Word reader parses within the time: the pool stops it.
        manyQuestionParagraphsDocx((PARSE_LIMITS.docxXmlPartBytes / 1024 / 1024) * 0.98),
      ]);
      const idle = memoryByProcess();
      let peak = idle.slice();
      const probes: number[] = [];
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const started = performance.now();
          const healthy = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) })
            .then((response) => response.status === 200)
            .catch(() => false);
          probes.push(healthy ? performance.now() - started : Infinity);
          peak = memoryByProcess().map((mb, i) => Math.max(mb, peak[i] ?? 0));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();

      // Twice over, so both workers get hostile jobs whichever way connections are handed out.
      const attacks = [1, 2].flatMap((round) => [
        timed(`escaped dollars ${round}`, () => previewText(HOSTILE_TEXTS.escapedDollars)),
        timed(`DOCTYPEs ${round}`, () => previewText(HOSTILE_TEXTS.doctypes)),
        timed(`“Câu 1” and spaces ${round}`, () => previewText(HOSTILE_TEXTS.questionSpaces)),
        timed(`“Đáp án” and spaces ${round}`, () => previewText(HOSTILE_TEXTS.keySpaces)),
        timed(`20 MB of paragraphs ${round}`, () => previewFile(paragraphs, "de.docx")),
        timed(`a million nested controls ${round}`, () => previewFile(nested, "de.docx")),
        timed(`slow under the caps ${round}`, () => previewFile(slowButSmall, "de.docx")),
        timed(`save the escaped dollars ${round}`, () => save(HOSTILE_TEXTS.escapedDollars)),
        timed(`save the “Câu 1” spaces ${round}`, () => save(HOSTILE_TEXTS.questionSpaces)),
      ]);
      const answers = await Promise.all(attacks);
      probing = false;
      await probe;

      for (const answer of answers) {
        expect(answer.status, `${answer.name}: ${JSON.stringify(answer)}`).toBeGreaterThanOrEqual(
          200,
        );
        expect(answer.status, `${answer.name}: ${JSON.stringify(answer)}`).toBeLessThan(500);
        expect(answer.ms, `${answer.name} took ${answer.ms.toFixed(0)} ms`).toBeLessThan(5_000);
      }
      const slow = answers.filter((answer) => answer.name.startsWith("slow under the caps"));
      for (const answer of slow) {
        expect(answer.status).toBe(422);
        expect(answer.message).toMatch(/^Tệp quá lớn hoặc quá phức tạp để đọc/u);
      }
      expect(probes.length).toBeGreaterThan(5);
      expect(
        Math.max(...probes),
        `/healthz took ${probes.map((ms) => ms.toFixed(0))}`,
      ).toBeLessThan(1_000);
      peak.forEach((mb, i) => {
        expect(mb - (idle[i] ?? 0), `process ${i}: ${idle[i]} → ${mb} MB`).toBeLessThan(
          MEMORY_CAP_MB,
        );
      });
    },
  );

  it("still previews a normal text at its lines afterwards, once its stopped threads are replaced", async () => {
    // A stopped thread is replaced, and the new one's start counts against the next job's 3 s
    // (ADR 0015): beside two other suites that start took longer and this preview was refused
    // as too costly. The server recovers: a student trying again gets the preview.
    let response = await previewText("Câu 1: Hỏi\nA. Có\nB. Không\nĐáp án: E\n");
    for (let retry = 0; response.status === 422 && retry < 20; retry += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      response = await previewText("Câu 1: Hỏi\nA. Có\nB. Không\nĐáp án: E\n");
    }
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      questions: unknown[];
      problems: { line: number; severity: string }[];
    };
    expect(body.questions).toHaveLength(1);
    expect(body.problems).toEqual([expect.objectContaining({ line: 4, severity: "error" })]);
  });
});
