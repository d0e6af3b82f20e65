import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { threeKinds } from "#tests/support/kinds-fixture.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "on-tap-cli-"));
const env = { PATH: process.env.PATH, DATABASE_URL: path.join(dir, "cli.sqlite"), DATA_DIR: dir };
const fixture = (name: string) => path.join(root, "tests/fixtures/banks", name);

async function cli(...args: string[]) {
  return cliWith({}, ...args);
}

async function cliWith(extraEnv: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "content/cli.ts", ...args],
      { cwd: root, env: { ...env, ...extraEnv }, maxBuffer: 16 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A valid text of `n` questions in the "Câu n" layout. */
function manyQuestions(n: number): string {
  return Array.from(
    { length: n },
    (_, i) =>
      `Câu ${i + 1}: Nội dung câu hỏi số ${i + 1} ${"x".repeat(40)}\nA. Đúng\nB. Sai\nĐáp án: A\n`,
  ).join("\n");
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

// Each test starts the CLI (tsx, the migrations, a parse thread compiling the readers) one to
// four times; beside two other suites on two cores one start took 12–27 s, past the default 30 s
// ceiling for four. A ceiling is not a wait: a passing test takes no longer.
describe("npm run import / export", { timeout: 180_000 }, () => {
  it("reads bank files as the server reads a student's: a file past the reading's memory cap is refused by name, nothing written", async () => {
    // 30,000 questions in the "Câu n" layout (4 MB): read, far more than a 32 MB heap holds.
    // Far, not just past: at the margin, whether a heap of that size overflows depends on the
    // collector's timing. A text format, not JSON: the parser's own loop grows the heap a little
    // at a time, so the thread is stopped at its cap; one long native call (JSON.parse of a
    // huge text) can overshoot the cap before the thread is stopped, and that ends the process.
    const file = path.join(dir, "qua-lon.txt");
    writeFileSync(file, manyQuestions(30_000));
    const result = await cliWith(
      { PARSE_MEMORY_MB: "32" },
      "import",
      file,
      "--practice",
      "de-lon",
      "--subject",
      "mon-lon",
      "--title",
      "Đề lớn",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}: lỗi: Tệp quá lớn hoặc quá phức tạp để đọc`);
    // Refused while reading, before anything was written: the database has no question.
    expect(count("question")).toBe(0);
  });

  it("imports our JSON bank and prints a summary", async () => {
    const result = await cli("import", fixture("mini-bank.json"));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "1 môn, 1 đề, 2 chương, 3 câu hỏi (1 câu nhiều đáp án, 0 câu chọn một trong nhiều đáp án đúng)",
    );
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
    expect(result.stdout).toMatch(/\d+ câu mới, 0 câu sửa \(phiên bản mới\), 0 câu bỏ/);
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

  it("one bad Aiken question does not hide the good ones: the report says which were read fine and which are wrong", async () => {
    const file = path.join(dir, "loi.aiken");
    writeFileSync(
      file,
      "Câu tốt?\nA. Có\nB. Không\nANSWER: A\n\nCâu thiếu phương án?\nA. Một\nANSWER: A\n\nCâu tốt nữa?\nA) Có\nB) Không\nANSWER: B\n",
    );
    const before = count("question");
    const result = await cli("import", file, "--practice", "loi-aiken", "--subject", "mon-thu");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      [
        `${file}: đọc được 3 câu, 2 câu không lỗi, 1 câu có lỗi.`,
        "  Không lỗi: câu 1 (dòng 1), câu 3 (dòng 10)",
        "  Có lỗi: câu 2 (dòng 6)",
      ].join("\n"),
    );
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

  it("imports a Moodle XML with its pictures, exports them in our JSON and in Moodle XML, and each re-imports unchanged", async () => {
    const xml = path.join(root, "tests/fixtures/pictures/de-moodle-co-hinh.xml");
    const imported = await cli("import", xml, "--practice", "de-co-hinh", "--subject", "mon-thu");
    expect(imported.code).toBe(0);
    expect(count("picture")).toBe(6);
    expect(count("question_picture")).toBe(6);
    const exported = path.join(dir, "de-co-hinh.json");
    expect((await cli("export", "de-co-hinh", "--out", exported)).code).toBe(0);
    const json = JSON.parse(readFileSync(exported, "utf8")) as { pictures: object };
    expect(Object.keys(json.pictures)).toHaveLength(6);
    const again = await cli("import", exported);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      "0 câu mới, 0 câu sửa (phiên bản mới), 0 câu bỏ, 3 câu giữ nguyên",
    );
    const gift = await cli("export", "de-co-hinh", "--format", "gift");
    expect(gift.stderr).toContain("GIFT không chứa được ảnh: 6 ảnh của đề");
    const moodle = path.join(dir, "de-co-hinh.xml");
    const toMoodle = await cli("export", "de-co-hinh", "--format", "moodle-xml", "--out", moodle);
    expect(toMoodle).toMatchObject({ code: 0, stderr: "" });
    const fromMoodle = await cli("import", moodle, "--practice", "de-co-hinh");
    expect(fromMoodle.code).toBe(0);
    expect(fromMoodle.stdout).toContain(
      "0 câu mới, 0 câu sửa (phiên bản mới), 0 câu bỏ, 3 câu giữ nguyên",
    );
    expect(count("picture")).toBe(6);
  });

  function write(name: string, content: string | Uint8Array): string {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  }

  function liveQuestions(code: string): number {
    const db = new Database(env.DATABASE_URL, { readonly: true });
    try {
      const row = db
        .prepare(
          "select count(*) as n from question join practice on practice.id = question.practice_id where practice.code = ? and retired = 0",
        )
        .get(code) as { n: number };
      return row.n;
    } finally {
      db.close();
    }
  }

  it("a file with no importable question is an error and retires nothing", async () => {
    const live = liveQuestions("de-cuong-csdl");
    expect(live).toBeGreaterThan(0);
    const files = [
      write("rong.gift", ""),
      write("trang.gift", "  \n\n\t\n"),
      write("nul.gift", new Uint8Array(3000)),
      write("tu-luan.gift", "$CATEGORY: $course$/top/Chương 1\n\nViết một đoạn văn.{}\n"),
    ];
    for (const file of files) {
      const result = await cli("import", file, "--practice", "de-cuong-csdl");
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/lỗi: /);
      expect(result.stderr).toContain("không ghi gì vào cơ sở dữ liệu");
    }
    expect(liveQuestions("de-cuong-csdl")).toBe(live);
  });

  it("retiring more than half of a practice needs --allow-retire and says how many", async () => {
    const live = liveQuestions("de-cuong-csdl");
    const one = write("mot-cau.gift", "Một câu?{=Có ~Không}\n");
    const refused = await cli("import", one, "--practice", "de-cuong-csdl");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      // The one question left takes the first position's place as its new revision.
      `lỗi: Đề “de-cuong-csdl”: lần nhập này sẽ bỏ ${live - 1} trong ${live} câu hỏi đang có (hơn một nửa). Nếu đúng là như vậy, hãy chạy lại với --allow-retire.`,
    );
    expect(liveQuestions("de-cuong-csdl")).toBe(live);
    const dry = await cli("import", one, "--practice", "de-cuong-csdl", "--dry-run");
    expect(dry.code).toBe(1);
    const allowed = await cli("import", one, "--practice", "de-cuong-csdl", "--allow-retire");
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain(`0 câu mới, 1 câu sửa (phiên bản mới), ${live - 1} câu bỏ`);
    expect(liveQuestions("de-cuong-csdl")).toBe(1);
  });

  it("with --practice, the files of a folder together make the practice", async () => {
    const folder = mkdtempSync(path.join(dir, "thu-muc-"));
    writeFileSync(path.join(folder, "a.gift"), "Câu A?{=Có ~Không}\n\nCâu B?{=Có ~Không}\n");
    writeFileSync(path.join(folder, "b.txt"), "Câu C?\nA. Có\nB. Không\nANSWER: A\n");
    const args = ["import", folder, "--practice", "gop", "--subject", "mon-thu"];
    const result = await cli(...args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("3 câu mới");
    expect(liveQuestions("gop")).toBe(3);
    const again = await cli(...args);
    expect(again.stdout).toContain(
      "0 câu mới, 0 câu sửa (phiên bản mới), 0 câu bỏ, 3 câu giữ nguyên",
    );
  });

  it("imports the 2025 exam's kinds: keys shown by kind, no multi-answer counted, Aiken skips them", async () => {
    const bank = {
      subject: { code: "toan-2025", name: "Toán 2025", description: "", keywords: [] },
      practices: [
        { code: "de-kieu-moi", title: "Đề kiểu mới", description: "", questions: threeKinds() },
      ],
    };
    const file = write("toan-2025.json", JSON.stringify(bank));
    const result = await cli("import", file, "--show-keys");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "3 câu hỏi (0 câu nhiều đáp án, 0 câu chọn một trong nhiều đáp án đúng)",
    );
    expect(result.stdout).toContain("  2. Đúng/Sai: a) Đúng, b) Sai, c) Đúng, d) Sai");
    expect(result.stdout).toContain("  3. trả lời ngắn, chấp nhận: “0,5”, “1/2”");
    const aiken = await cli("export", "de-kieu-moi", "--format", "aiken");
    expect(aiken.stderr).toContain("bỏ qua các câu 2, 3");
    const moodle = await cli("export", "de-kieu-moi", "--format", "moodle-xml");
    expect(moodle.stderr).toContain("Moodle XML không chứa được câu Đúng/Sai nhiều ý");
    // The short answer "0,5" (± 0.01) or "1/2": Moodle's numerical question takes numbers only.
    expect(moodle.stderr).toContain("bỏ qua các câu 2, 3;");
    expect(moodle.stdout).toContain('<question type="multichoice">');
  });

  it("re-importing an unchanged GIFT file with a duplicate title changes nothing", async () => {
    const file = write("trung.gift", "::q::Một?{=a ~b}\n\n::q::Hai?{=c ~d}\n\n::r::Ba?{=e ~f}\n");
    const args = ["import", file, "--practice", "trung", "--subject", "mon-thu"];
    const first = await cli(...args);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("cảnh báo: Tiêu đề “q” trùng với câu ở dòng 3");
    const again = await cli(...args);
    expect(again.stdout).toContain(
      "0 câu mới, 0 câu sửa (phiên bản mới), 0 câu bỏ, 3 câu giữ nguyên",
    );
  });

  it("imports a folder of every format and kind with the right counts, keys and warnings", async () => {
    const folder = path.join(root, "tests/fixtures/import-all");
    const args = ["import", folder, "--subject", "tong-hop", "--show-keys"];
    const result = await cli(...args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "1 môn, 7 đề, 3 chương, 24 câu hỏi (5 câu nhiều đáp án, 3 câu chọn một trong nhiều đáp án đúng)",
    );
    expect(result.stdout).toContain("24 câu mới, 0 câu sửa (phiên bản mới), 0 câu bỏ");
    expect(result.stdout).toContain("7 tệp, 8 cảnh báo");
    expect(result.stdout).toContain(
      "  3. chọn một trong các đáp án đúng: “xuân”, “hạ”, “thu”, “đông”",
    );
    expect(result.stdout).toContain("  1. một đáp án: “Đông”"); // UTF-16 without a BOM
    expect(result.stderr.match(/cảnh báo: /g)).toHaveLength(8);
    expect(result.stderr).not.toMatch(/lỗi: /);
    const again = await cli(...args);
    expect(again.stdout).toContain(
      "0 câu mới, 0 câu sửa (phiên bản mới), 0 câu bỏ, 24 câu giữ nguyên",
    );
  });
});
