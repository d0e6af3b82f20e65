import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "on-tap-cli-"));
const env = { PATH: process.env.PATH, DATABASE_URL: path.join(dir, "cli.sqlite"), DATA_DIR: dir };
const fixture = (name: string) => path.join(root, "tests/fixtures/banks", name);

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "content/cli.ts", ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function count(table: string): number {
  const db = new Database(env.DATABASE_URL, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run import / export", () => {
  it("imports our JSON bank and prints a summary", async () => {
    const result = await cli("import", fixture("mini-bank.json"));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 môn, 1 đề, 2 chương, 3 câu hỏi (1 câu nhiều đáp án)");
    expect(count("question")).toBe(3);
  });

  it("--dry-run only reports", async () => {
    const result = await cli(
      "import",
      fixture("de-cuong-csdl.txt"),
      "--practice",
      "de-cuong-csdl",
      "--subject",
      "mon-thu",
      "--dry-run",
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("không ghi gì");
    expect(count("question")).toBe(3);
  });

  it("imports a teacher's plain-text file into a practice of an existing subject", async () => {
    const result = await cli(
      "import",
      fixture("de-cuong-csdl.txt"),
      "--practice",
      "de-cuong-csdl",
      "--subject",
      "mon-thu",
      "--title",
      "Đề cương CSDL",
    );
    expect(result.code).toBe(0);
    expect(count("question")).toBeGreaterThan(3);
  });

  it("refuses a broken file with located messages and writes nothing", async () => {
    const broken = path.join(dir, "hong.txt");
    writeFileSync(
      broken,
      "Câu 1: Hai cộng hai bằng mấy?\nA. 3\nB. 4\nĐáp án: E\n\nCâu 2: Câu không có đáp án\nA. Có\nB. Không\n",
    );
    const before = count("question");
    const result = await cli("import", broken, "--practice", "hong", "--subject", "mon-thu");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${broken}:4: lỗi: Đáp án “E” không có trong các phương án A–B`,
    );
    expect(result.stderr).toMatch(/hong\.txt:6.*lỗi/);
    expect(result.stderr).toContain("không ghi gì vào cơ sở dữ liệu");
    expect(count("question")).toBe(before);
  });

  it("exports a practice back to JSON, GIFT and Aiken", async () => {
    const json = await cli("export", "mon-thu-chuong");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).practices[0].questions).toHaveLength(3);
    const gift = await cli("export", "mon-thu-chuong", "--format", "gift");
    expect(gift.stdout).toContain("$CATEGORY:");
    const aiken = await cli("export", "mon-thu-chuong", "--format", "aiken");
    expect(aiken.stdout).toContain("ANSWER: A");
    expect(aiken.stderr).toContain("bỏ qua các câu 2");
  });
});
