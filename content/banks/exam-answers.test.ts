import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shortAnswerNumber } from "#engine/responses.ts";
import type { BankQuestion } from "../formats/types.ts";
import { findMathErrors } from "../rich-text.ts";

/**
 * The two mock exams in the 2025 graduation-exam layout (toan-12, vat-li-12): every numeric key
 * recomputed in code from the question's own data (a typo in a stem or a key fails here, not in
 * front of a student), and the layout the Ministry's sheet has: the three parts with their
 * counts, four statements per Đúng/Sai question, four-box short answers, keys spread evenly.
 * The files are read as plain JSON: the importer's own checks run in content/banks.test.ts.
 */
interface ExamFile {
  subject: { code: string; name: string };
  practices: { title: string; chapters: { title: string }[]; questions: BankQuestion[] }[];
}

const read = (code: string) =>
  JSON.parse(readFileSync(new URL(`./${code}.json`, import.meta.url), "utf8")) as ExamFile;

const PARTS = [
  "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
  "Phần II. Trắc nghiệm đúng sai",
  "Phần III. Trắc nghiệm trả lời ngắn",
];

/** A number as the bank writes it in KaTeX: `$6{,}21 \cdot 10^{-21}$ J`, `$\dfrac{4}{3}$`, `$8\pi$`, `$x = -3$`. */
class MathValue {
  private at = 0;
  private constructor(private readonly source: string) {}

  static of(text: string): number {
    let math = /\$([^$]+)\$/u.exec(text)?.[1] ?? text;
    // "$x = -3$" names a number; "$2x + y - 3z + 5 = 0$" does not.
    const sides = math.split("=");
    if (sides.length > 2 || (sides.length === 2 && !/^\s*[a-z]\s*$/u.test(sides[0]!)))
      throw new Error(`not a number: ${text}`);
    math = sides.at(-1)!;
    const source = math
      .replaceAll("{,}", ".")
      .replaceAll("\\%", "")
      .replaceAll("\\cdot", "*")
      .replaceAll("\\dfrac", "\\frac")
      .replace(/\s+/gu, "");
    const reader = new MathValue(source);
    const value = reader.sum();
    if (reader.at !== source.length) throw new Error(`not a number: ${text}`);
    return value;
  }

  private eat(token: string): boolean {
    if (!this.source.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  private sum(): number {
    let value = this.product();
    for (;;) {
      if (this.eat("+")) value += this.product();
      else if (this.eat("-")) value -= this.product();
      else return value;
    }
  }

  private product(): number {
    let value = this.unary();
    for (;;) {
      if (this.eat("*")) value *= this.unary();
      else if (/^(?:\d|\{|\(|\\frac|\\sqrt|\\pi)/u.test(this.source.slice(this.at)))
        value *= this.power(); // implicit: 8\pi, 2\sqrt{2}
      else return value;
    }
  }

  private unary(): number {
    return this.eat("-") ? -this.unary() : this.power();
  }

  private power(): number {
    const base = this.atom();
    return this.eat("^") ? base ** this.atom() : base;
  }

  private atom(): number {
    if (this.eat("{")) return this.closed("}");
    if (this.eat("(")) return this.closed(")");
    if (this.eat("\\frac")) return this.atom() / this.atom();
    if (this.eat("\\sqrt")) return Math.sqrt(this.atom());
    if (this.eat("\\pi")) return Math.PI;
    const digits = /^\d+(?:\.\d+)?/u.exec(this.source.slice(this.at));
    if (!digits) throw new Error(`not a number at ${this.at}: ${this.source}`);
    this.at += digits[0].length;
    return Number(digits[0]);
  }

  private closed(end: string): number {
    const value = this.sum();
    if (!this.eat(end)) throw new Error(`missing ${end}: ${this.source}`);
    return value;
  }
}

const numberOrNull = (text: string) => {
  try {
    return MathValue.of(text);
  } catch {
    return null;
  }
};

/** Simpson's rule: exact for the polynomials of degree ≤ 3 these exams integrate. */
function integrate(f: (x: number) => number, a: number, b: number, steps = 1000): number {
  const h = (b - a) / steps;
  let sum = f(a) + f(b);
  for (let i = 1; i < steps; i++) sum += (i % 2 ? 4 : 2) * f(a + i * h);
  return (sum * h) / 3;
}

/** The value at the middle of each group and the group's frequency. */
function groupedStats(groups: [number, number, number][]) {
  const n = groups.reduce((total, [, , count]) => total + count, 0);
  const mids = groups.map(([lo, hi, count]) => [(lo + hi) / 2, count] as const);
  const mean = mids.reduce((total, [x, count]) => total + x * count, 0) / n;
  const variance = mids.reduce((total, [x, count]) => total + count * (x - mean) ** 2, 0) / n;
  return { n, mean, variance, range: groups.at(-1)![1] - groups[0]![0] };
}

const cubic = (a: number, b: number, c: number, d: number) => (x: number) =>
  a * x ** 3 + b * x ** 2 + c * x + d;
/** The roots of ax² + bx + c, the smaller first. */
function quadraticRoots(a: number, b: number, c: number): number[] {
  const delta = b * b - 4 * a * c;
  if (delta < 0) return [];
  return [(-b - Math.sqrt(delta)) / (2 * a), (-b + Math.sqrt(delta)) / (2 * a)].sort(
    (x, y) => x - y,
  );
}
const celsius = (t: number) => t + 273;
const degrees = (angle: number) => (angle * Math.PI) / 180;
const R = 8.31;
const BOLTZMANN = 1.38e-23;

/** A question found by a fragment of its stem; `mentions` are its data, as the stem writes them. */
interface NumericCheck {
  find: string;
  mentions: string[];
  value: () => number;
}

const TOAN_CHOICES: NumericCheck[] = [
  {
    find: "đạt cực đại tại điểm nào",
    mentions: ["$y = x^3 - 3x^2 + 2$"],
    value: () => {
      // y' = 3x² − 6x; the maximum is where y'' = 6x − 6 < 0.
      const [x] = quadraticRoots(3, -6, 0).filter((x) => 6 * x - 6 < 0);
      return x!;
    },
  },
  {
    find: "Giá trị lớn nhất của hàm số",
    mentions: ["$f(x) = x^3 - 3x + 1$", "$[0; 2]$"],
    value: () => {
      const f = cubic(1, 0, -3, 1);
      const inside = quadraticRoots(3, 0, -3).filter((x) => x >= 0 && x <= 2);
      return Math.max(...[0, 2, ...inside].map(f));
    },
  },
  {
    find: "Tiệm cận đứng",
    mentions: ["\\dfrac{2x - 1}{x + 3}"],
    value: () => {
      const pole = -3 / 1;
      expect(2 * pole - 1).not.toBe(0);
      return pole;
    },
  },
  {
    find: "(3x^2 - 2x)",
    mentions: ["\\int_0^2"],
    value: () => integrate((x) => 3 * x * x - 2 * x, 0, 2),
  },
  {
    find: "parabol $y = x^2$",
    mentions: ["$y = 2x$"],
    value: () => {
      const [a, b] = quadraticRoots(1, -2, 0);
      return integrate((x) => Math.abs(2 * x - x * x), a!, b!);
    },
  },
  {
    find: "khối tròn xoay",
    mentions: ["$y = \\sqrt{x}$", "$x = 4$", "$Ox$"],
    value: () => Math.PI * integrate((x) => Math.sqrt(x) ** 2, 0, 4),
  },
  {
    find: "Tích vô hướng",
    mentions: ["$\\vec{u} = (1; -2; 2)$", "$\\vec{v} = (2; 1; -3)$"],
    value: () => 1 * 2 + -2 * 1 + 2 * -3,
  },
  {
    find: "Khoảng biến thiên",
    mentions: ["[10; 15) & 6", "[30; 35) & 4"],
    value: () =>
      groupedStats([
        [10, 15, 6],
        [15, 20, 12],
        [20, 25, 10],
        [25, 30, 8],
        [30, 35, 4],
      ]).range,
  },
  {
    find: "Xác suất có điều kiện $P(A \\mid B)$",
    mentions: ["$P(A) = 0{,}6$", "$P(B) = 0{,}5$", "$P(A \\cap B) = 0{,}2$"],
    value: () => 0.2 / 0.5,
  },
];

const TOAN_SHORT: NumericCheck[] = [
  {
    find: "đồng biến trên $\\mathbb{R}$?",
    mentions: ["$[-10; 10]$", "$y = x^3 - 3x^2 + mx + 1$"],
    value: () => {
      let count = 0;
      // y' = 3x² − 6x + m ≥ 0 everywhere ⇔ its discriminant 36 − 12m ≤ 0.
      for (let m = -10; m <= 10; m++) if (36 - 12 * m <= 0) count++;
      return count;
    },
  },
  {
    find: "tấm bìa hình vuông",
    mentions: ["cạnh $60$ cm", "decimét khối"],
    value: () => {
      let best = 0;
      for (let i = 1; i < 30_000; i++) {
        const x = i / 1000;
        best = Math.max(best, x * (60 - 2 * x) ** 2);
      }
      return best / 1000;
    },
  },
  {
    find: "$y = x^3 - 4x$ và trục hoành",
    mentions: [],
    value: () => {
      const f = cubic(1, 0, -4, 0);
      const cuts = [-2, 0, 2];
      expect(cuts.map(f)).toEqual([0, 0, 0]);
      return Math.abs(integrate(f, -2, 0)) + Math.abs(integrate(f, 0, 2));
    },
  },
  {
    find: "khoảng cách từ điểm $M$",
    mentions: ["$M(1; 2; 3)$", "$(P): 2x - y + 2z + 4 = 0$"],
    value: () => Math.abs(2 * 1 - 2 + 2 * 3 + 4) / Math.hypot(2, -1, 2),
  },
  {
    find: "Tính phương sai",
    mentions: ["[0; 1) & 5", "[1; 2) & 9", "[2; 3) & 14", "[3; 4) & 8", "[4; 5) & 4"],
    value: () =>
      groupedStats([
        [0, 1, 5],
        [1, 2, 9],
        [2, 3, 14],
        [3, 4, 8],
        [4, 5, 4],
      ]).variance,
  },
  {
    find: "xét nghiệm nhanh",
    mentions: ["là 2%", "$0{,}95$", "$0{,}1$"],
    value: () => (0.02 * 0.95) / (0.02 * 0.95 + 0.98 * 0.1),
  },
];

const VATLI_CHOICES: NumericCheck[] = [
  {
    find: "Độ biến thiên nội năng",
    mentions: ["nhiệt lượng 120 J", "công 80 J"],
    value: () => 120 - 80,
  },
  {
    find: "đun nóng 2 kg nước",
    mentions: ["4200 J/(kg·K)", "từ 25 °C lên 100 °C"],
    value: () => (2 * 4200 * (100 - 25)) / 1000,
  },
  {
    find: "nóng chảy hoàn toàn",
    mentions: ["$3{,}34 \\cdot 10^5$ J/kg", "0,5 kg"],
    value: () => 3.34e5 * 0.5,
  },
  {
    find: "Nén đẳng nhiệt",
    mentions: ["từ thể tích 6 lít xuống 4 lít", "tăng thêm 0,5 atm"],
    value: () => (0.5 * 4) / (6 - 4), // 6·p = 4·(p + 0,5)
  },
  {
    find: "Nung nóng đẳng áp",
    mentions: ["3 lít", "27 °C", "127 °C"],
    value: () => (3 * celsius(127)) / celsius(27),
  },
  {
    find: "Số mol khí",
    mentions: ["8,31 lít", "27 °C", "$1{,}5 \\cdot 10^5$ Pa", "$R = 8{,}31$"],
    value: () => (1.5e5 * 8.31e-3) / (R * celsius(27)),
  },
  {
    find: "Động năng tịnh tiến trung bình của một phân tử",
    mentions: ["$k = 1{,}38 \\cdot 10^{-23}$", "27 °C"],
    value: () => 1.5 * BOLTZMANN * celsius(27),
  },
  {
    find: "Độ lớn lực từ",
    mentions: ["dài 20 cm", "dòng điện 5 A", "0,04 T", "30°"],
    value: () => 0.04 * 5 * 0.2 * Math.sin(degrees(30)),
  },
  {
    find: "Từ thông qua khung dây là",
    mentions: ["50 cm²", "0,2 T", "60°"],
    value: () => 0.2 * 50e-4 * Math.cos(degrees(60)),
  },
  {
    find: "Từ thông qua một vòng dây dẫn kín giảm đều",
    mentions: ["từ 0,6 Wb về 0", "0,2 s"],
    value: () => 0.6 / 0.2,
  },
  {
    find: "Cường độ hiệu dụng",
    mentions: ["$i = 2\\sqrt{2}\\cos(100\\pi t)$"],
    value: () => (2 * Math.SQRT2) / Math.SQRT2,
  },
  {
    find: "Số neutron trong hạt nhân",
    mentions: ["$^{235}_{92}\\mathrm{U}$"],
    value: () => 235 - 92,
  },
  {
    find: "chu kì bán rã 8 ngày. Sau 24 ngày",
    mentions: [],
    value: () => 100 * 2 ** (-24 / 8),
  },
  {
    find: "Năng lượng liên kết riêng",
    mentions: ["$^{4}_{2}\\mathrm{He}$", "$0{,}0304$ u", "= 931{,}5$ MeV"],
    value: () => (0.0304 * 931.5) / 4,
  },
];

const VATLI_SHORT: NumericCheck[] = [
  {
    find: "miếng đồng",
    mentions: ["0,2 kg", "100 °C", "0,5 kg nước ở 20 °C", "380 J/(kg·K) và 4200 J/(kg·K)"],
    value: () => {
      const copper = 0.2 * 380;
      const water = 0.5 * 4200;
      return (copper * 100 + water * 20) / (copper + water);
    },
  },
  {
    find: "200 g nước đá",
    mentions: ["2100 J/(kg·K)", "4200 J/(kg·K)", "$3{,}34 \\cdot 10^5$ J/kg", "−10 °C", "20 °C"],
    value: () => (0.2 * 2100 * 10 + 0.2 * 3.34e5 + 0.2 * 4200 * 20) / 1000,
  },
  {
    find: "lốp xe",
    mentions: ["$2{,}0 \\cdot 10^5$ Pa", "27 °C", "47 °C"],
    value: () => (2.0 * celsius(47)) / celsius(27),
  },
  {
    find: "khí oxygen",
    mentions: ["10 lít", "32 g/mol", "27 °C", "$1{,}5 \\cdot 10^5$ Pa", "$R = 8{,}31$"],
    value: () => (1.5e5 * 10e-3 * 32) / (R * celsius(27)),
  },
  {
    find: "Cường độ dòng điện cảm ứng",
    mentions: ["500 vòng", "40 cm²", "4 Ω", "0,1 s", "từ 0 đến 0,5 T"],
    value: () => (500 * ((0.5 - 0) * 40e-4)) / 0.1 / 4,
  },
  {
    find: "mẫu gỗ cổ",
    mentions: ["0,6 lần", "5730 năm"],
    value: () => 5730 * Math.log2(1 / 0.6),
  },
];

function questionOf(questions: BankQuestion[], check: NumericCheck): BankQuestion {
  const found = questions.filter((q) => q.text.includes(check.find));
  expect(found.length, check.find).toBe(1);
  for (const data of check.mentions) expect(found[0]!.text, check.find).toContain(data);
  return found[0]!;
}

/** A rounded choice (three significant figures) still names its value; a distractor does not. */
const near = (a: number, b: number) => Math.abs(a - b) <= 0.002 * Math.abs(b) || a === b;

/** Decimal places the stem asks for ("làm tròn kết quả đến hàng phần mười" → 1), null when exact. */
const ROUNDING: [string, number][] = [
  ["hàng phần trăm", 2],
  ["hàng phần mười", 1],
  ["hàng đơn vị", 0],
  ["hàng chục", -1],
  ["hàng trăm", -2],
];
function placesOf(stem: string): number | null {
  const said = ROUNDING.filter(([words]) => stem.includes(`làm tròn kết quả đến ${words}`));
  expect(said.length, stem).toBeLessThanOrEqual(1);
  return said[0]?.[1] ?? null;
}

function checkChoices(questions: BankQuestion[], checks: NumericCheck[]) {
  for (const check of checks) {
    const question = questionOf(questions, check);
    const value = check.value();
    for (const answer of question.answers) {
      const stated = MathValue.of(answer.text);
      expect(near(stated, value), `${check.find}: “${answer.text}” vs ${value}`).toBe(answer.key);
    }
  }
  // Every choice whose key is a number has its check.
  const checked = new Set(checks.map((check) => questionOf(questions, check)));
  const unchecked = questions
    .filter((q) => !q.kind && !checked.has(q))
    .filter((q) => numberOrNull(q.answers.find((a) => a.key)!.text) !== null)
    .map((q) => q.text);
  expect(unchecked).toEqual([]);
}

function checkShortAnswers(questions: BankQuestion[], checks: NumericCheck[]) {
  const shortAnswers = questions.filter((q) => q.kind === "short_answer");
  expect(new Set(checks.map((check) => questionOf(questions, check)))).toEqual(
    new Set(shortAnswers),
  );
  for (const check of checks) {
    const question = questionOf(questions, check);
    const value = check.value();
    const places = placesOf(question.text);
    const expected = places === null ? value : Math.round(value * 10 ** places) / 10 ** places;
    // Without a rounding asked for, the value must be exact.
    if (places === null) expect(Math.abs(value - Math.round(value)), check.find).toBeLessThan(1e-9);
    for (const answer of question.answers) {
      const stated = shortAnswerNumber(answer.text);
      expect(stated, `${check.find}: “${answer.text}”`).not.toBeNull();
      expect(
        Math.abs(stated! - expected),
        `${check.find}: ${answer.text} vs ${value}`,
      ).toBeLessThan(1e-9);
    }
  }
}

/** "Cả A và B", "phương án C", "tất cả các đáp án trên": an answer naming another by its place. */
const BY_PLACE = [
  /(?<![\p{L}\p{N}])[A-D](?:, [A-D])*,? (?:và|hoặc) [A-D](?![\p{L}\p{N}])/u,
  /(?:đáp án|phương án|ý|câu) (?:[A-D]|[a-d]\))(?![\p{L}\p{N}])/iu,
  /(?:tất cả|cả hai|cả ba|cả bốn) (?:các |những )?(?:đáp án|phương án|ý|câu)|(?:tất cả|cả hai) đều/iu,
  /(?:đáp án|phương án) (?:trên|dưới|còn lại)/iu,
];

function checkLayout(exam: ExamFile, choices: number, placeCounts: number[]) {
  expect(exam.practices).toHaveLength(1);
  const practice = exam.practices[0]!;
  expect(practice.chapters.map((chapter) => chapter.title)).toEqual(PARTS);
  const parts = [0, 1, 2].map((part) => practice.questions.filter((q) => q.chapter === part));
  expect(parts.map((part) => part.length)).toEqual([choices, 4, 6]);
  expect(practice.questions).toHaveLength(choices + 10);
  // The parts in order, as the sheet has them.
  expect(practice.questions.map((q) => q.chapter)).toEqual(
    [...parts[0]!, ...parts[1]!, ...parts[2]!].map((q) => q.chapter),
  );

  const keyPlaces = [0, 0, 0, 0];
  for (const q of parts[0]!) {
    expect(q.kind, q.text).toBeUndefined();
    expect(q.answers, q.text).toHaveLength(4);
    expect(
      q.answers.filter((a) => a.key),
      q.text,
    ).toHaveLength(1);
    keyPlaces[q.answers.findIndex((a) => a.key)]! += 1;
    expect(new Set(q.answers.map((a) => a.text)).size, q.text).toBe(4);
  }
  expect(
    keyPlaces.every((count) => placeCounts.includes(count)),
    `${keyPlaces}`,
  ).toBe(true);

  let trues = 0;
  for (const q of parts[1]!) {
    expect(q.kind, q.text).toBe("true_false");
    expect(q.answers, q.text).toHaveLength(4);
    const right = q.answers.filter((a) => a.key).length;
    expect(right, q.text).toBeGreaterThan(0);
    expect(right, q.text).toBeLessThan(4);
    trues += right;
    for (const statement of q.answers) {
      expect(statement.feedback?.trim(), statement.text).toBeTruthy();
      expect(statement.text, "no letter before a statement").not.toMatch(/^\s*[a-dA-D][).]/u);
    }
  }
  expect(trues).toBe(8);

  for (const q of parts[2]!) {
    expect(q.kind, q.text).toBe("short_answer");
    expect(q.explanation?.trim(), q.text).toBeTruthy();
    for (const answer of q.answers) {
      expect(answer.key).toBe(true);
      // The sheet's four boxes: digits, "-" and the decimal comma.
      expect(answer.text).toMatch(/^-?\d+(?:,\d+)?$/u);
      expect(answer.text.length).toBeLessThanOrEqual(4);
    }
  }

  const problems: string[] = [];
  for (const q of practice.questions) {
    const texts = [
      q.text,
      q.explanation ?? "",
      ...q.answers.flatMap((a) => [a.text, a.feedback ?? ""]),
    ];
    for (const text of texts) problems.push(...findMathErrors(text));
    for (const answer of q.answers)
      if (BY_PLACE.some((re) => re.test(answer.text))) problems.push(`by place: ${answer.text}`);
  }
  expect(problems).toEqual([]);
}

describe("Toán 12: Đề thi thử tốt nghiệp THPT số 1", () => {
  const exam = read("toan-12");
  const questions = exam.practices[0]!.questions;

  it("is laid out as the 2025 exam: 12 choices, 4 Đúng/Sai, 6 short answers, keys spread", () => {
    expect(exam.subject).toMatchObject({
      code: "toan-12",
      name: "Toán 12 — Ôn thi tốt nghiệp THPT",
    });
    expect(exam.practices[0]!.title).toBe("Đề thi thử tốt nghiệp THPT môn Toán số 1");
    checkLayout(exam, 12, [3]);
  });

  it("has every numeric choice's key recomputed from its stem", () => {
    checkChoices(questions, TOAN_CHOICES);
  });

  it("has the midpoint and the plane that the stems give", () => {
    const midpoint = questionOf(questions, {
      find: "trung điểm $I$",
      mentions: ["$A(1; 2; -1)$", "$B(3; 0; 3)$"],
      value: () => 0,
    });
    const key = [(1 + 3) / 2, (2 + 0) / 2, (-1 + 3) / 2];
    for (const answer of midpoint.answers)
      expect(answer.text === `$(${key.join("; ")})$`, answer.text).toBe(answer.key);

    const plane = questionOf(questions, {
      find: "vectơ pháp tuyến $\\vec{n} = (2; 1; -3)$",
      mentions: ["$M(1; -1; 2)$"],
      value: () => 0,
    });
    const equation = /^\$(-?\d*)x ([+-]) (\d*)y ([+-]) (\d*)z ([+-]) (\d+) = 0\$$/u;
    const term = (sign: string, digits: string) => (sign === "-" ? -1 : 1) * Number(digits || 1);
    for (const answer of plane.answers) {
      const [, a, sb, b, sc, c, sd, d] = equation.exec(answer.text)!;
      const normal = [
        term(a!.slice(0, -1) || "+", a!.replace("-", "")),
        term(sb!, b!),
        term(sc!, c!),
      ];
      // Through M(1; −1; 2), with the normal vector the stem gives.
      const through = normal[0]! * 1 + normal[1]! * -1 + normal[2]! * 2 + term(sd!, d!) === 0;
      const fits = normal.join() === "2,1,-3" && through;
      expect(fits, answer.text).toBe(answer.key);
    }
  });

  it("has every short answer recomputed and rounded as its stem says", () => {
    checkShortAnswers(questions, TOAN_SHORT);
  });

  it("has its Đúng/Sai statements true or false as computed", () => {
    const f = cubic(1, -3, -9, 5);
    const fPrime = (x: number) => 3 * x * x - 6 * x - 9;
    const [x1, x2] = quadraticRoots(3, -6, -9);
    const onSegment = [-2, 4, x1!, x2!].filter((x) => x >= -2 && x <= 4);
    const v = (t: number) => 20 - 5 * t;
    const statements = (find: string) => questions.find((q) => q.text.includes(find))!.answers;
    expect(statements("$f(x) = x^3 - 3x^2 - 9x + 5$").map((a) => a.key)).toEqual([
      true,
      [x1, x2].join() === "-1,3" && fPrime(1) > 0, // f' keeps its sign inside (−1; 3)
      f(x2!) === -22,
      Math.min(...onSegment.map(f)) === -15,
    ]);
    expect(statements("$v(t) = 20 - 5t$").map((a) => a.key)).toEqual([
      20 / 5 === 5,
      false, // s(t) = 20t − 5t²/2, not 20t − 5t²
      near(integrate(v, 0, 4), 40),
      near(integrate(v, 3, 4), 2.5),
    ]);
    const [A, B, C] = [
      [1, 0, 2],
      [3, 2, 1],
      [0, 1, -1],
    ];
    const ab = B!.map((x, i) => x - A![i]!);
    const ac = C!.map((x, i) => x - A![i]!);
    const plane = ([x, y, z]: number[]) => 2 * x! + 2 * y! - z!; // 2x + 2y − z = 0
    expect(statements("$C(0; 1; -1)$").map((a) => a.key)).toEqual([
      ab.join() === "2,2,-1",
      Math.hypot(...ab) === 9,
      ab.reduce((sum, x, i) => sum + x * ac[i]!, 0) === 0,
      plane(A!) === 0 && ab.join() === "2,2,-1", // through A, normal AB
    ]);
    const pB = 0.6 * 0.02 + 0.4 * 0.05;
    expect(statements("dây chuyền").map((a) => a.key)).toEqual([
      true,
      true,
      near(pB, 0.035),
      (0.4 * 0.05) / pB < 0.6,
    ]);
  });
});

describe("Vật lí 12: Đề thi thử tốt nghiệp THPT số 1", () => {
  const exam = read("vat-li-12");
  const questions = exam.practices[0]!.questions;

  it("is laid out as the 2025 exam: 18 choices, 4 Đúng/Sai, 6 short answers, keys spread", () => {
    expect(exam.subject).toMatchObject({
      code: "vat-li-12",
      name: "Vật lí 12 — Ôn thi tốt nghiệp THPT",
    });
    expect(exam.practices[0]!.title).toBe("Đề thi thử tốt nghiệp THPT môn Vật lí số 1");
    checkLayout(exam, 18, [4, 5]);
  });

  it("has every numeric choice's key recomputed from its stem", () => {
    checkChoices(questions, VATLI_CHOICES);
  });

  it("has every short answer recomputed and rounded as its stem says", () => {
    checkShortAnswers(questions, VATLI_SHORT);
  });

  it("has its Đúng/Sai statements true or false as computed", () => {
    const statements = (find: string) => questions.find((q) => q.text.includes(find))!.answers;
    const heat = 1.5 * 4200 * (100 - 20);
    const seconds = heat / (0.84 * 1000);
    expect(statements("ấm điện").map((a) => a.key)).toEqual([
      heat === 504_000,
      near(seconds, 504),
      near(1000 * seconds, 600_000),
      (0.84 * 1000 * 300) / 2.26e6 > 0.2,
    ]);
    expect(statements("0,2 mol").map((a) => a.key)).toEqual([
      near(celsius(127) / celsius(27), 127 / 27),
      Math.round(((0.2 * R * celsius(27)) / 1e5) * 1000 * 100) / 100 === 4.99, // litres
      (1e5 * 1) / 0.5 === 2e5,
      celsius(127) / celsius(27) === 2,
    ]);
    const e0 = 200 * (2 * Math.PI * 50) * 0.1 * 100e-4;
    expect(statements("200 vòng").map((a) => a.key)).toEqual([
      true, // 50 vòng/s
      near(0.1 * 100e-4, 1e-3),
      Math.abs(e0 - 31.4) < 0.05,
      Math.abs(e0 / Math.SQRT2 - 88.8) < 0.05,
    ]);
    expect(statements("Iodine").map((a) => a.key)).toEqual([
      131 - 53 === 53,
      53 + 1 === 54,
      20 * 2 ** (-16 / 8) === 10,
      Math.abs(Math.LN2 / (8 * 86_400) - 1.0e-6) < 0.05e-6,
    ]);
  });
});
